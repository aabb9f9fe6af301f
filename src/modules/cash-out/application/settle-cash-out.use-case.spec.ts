import type { AppConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { Money } from '../../../shared/money/money.js';
import { FakeOutbox, FakeUnitOfWork } from '../../../shared/testing/kernel.fakes.js';
import { SettableClock } from '../../../shared/time/settable-clock.js';
import type { FeePolicy } from '../../fees/application/fee-policy.js';
import type { LedgerService, Movement } from '../../ledger/application/ledger.service.js';
import type { TransactionsService } from '../../transactions/application/transactions.service.js';
import { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';
import { SettleCashOutUseCase } from './settle-cash-out.use-case.js';
import { SpiGateway, TransientSpiError, type SpiOrderStatus, type SpiResult } from './spi-gateway.js';

const party: Counterparty = { name: 'X', document: '52998224725', ispb: '00000000', participantName: 'BB', branch: '0001', account: '1', accountType: 'checking' };

class InMemoryCashOuts extends CashOutRepository {
  rows = new Map<string, CashOut>();
  async insert(c: CashOut) { this.rows.set(c.snapshot.id, c); }
  async update(c: CashOut) { this.rows.set(c.snapshot.id, c); }
  async findById(id: string) { return this.rows.get(id) ?? null; }
  async findByEndToEndId(e2e: string) { return [...this.rows.values()].find((c) => c.snapshot.endToEndId === e2e) ?? null; }
  async lock(id: string) { return this.rows.get(id) ?? null; }
  async unfinishedBefore() { return []; }
}

/** An SPI whose sends never answer (or answer `sendResult`) and whose status query answers `known`. */
class ScriptedSpi extends SpiGateway {
  statusQueries = 0;
  constructor(private readonly known: SpiOrderStatus | Error, private readonly sendResult?: SpiResult) { super(); }
  async send(): Promise<SpiResult> {
    if (this.sendResult) return this.sendResult;
    throw new TransientSpiError('no answer');
  }
  async status(): Promise<SpiOrderStatus> {
    this.statusQueries++;
    if (this.known instanceof Error) throw this.known;
    return this.known;
  }
}

function setup(spi: SpiGateway) {
  const clock = new SettableClock(new Date('2026-03-10T15:00:00.000Z'));
  const cashOuts = new InMemoryCashOuts();
  const cashOut = CashOut.queue(
    { id: 'co1', clientId: 'c1', accountId: 'a1', externalId: null, amount: Money.of('10.00'), flow: 'key', pixKey: 'a@b.co', pixKeyType: 'EMAIL', payer: party, receiver: { ...party, internal: null }, endToEndId: 'E1' },
    clock.now(),
  );
  cashOut.pullEvents();
  void cashOuts.insert(cashOut);

  const txStatus: string[] = [];
  const transactions = {
    followPayment: async (_id: string, change: { status: string }) => void txStatus.push(change.status),
    record: async () => undefined,
  } as unknown as TransactionsService;
  const posted: Movement[] = [];
  const ledger = { postAll: async (m: Movement[]) => void posted.push(...m), post: async (m: Movement) => void posted.push(m) } as unknown as LedgerService;
  const fees = { feeFor: async () => Money.zero() } as unknown as FeePolicy;
  const outbox = new FakeOutbox();
  const config = { spiTimeoutMs: 1000 } as AppConfig;
  const settle = new SettleCashOutUseCase(cashOuts, transactions, ledger, spi, outbox.asPort(), new FakeUnitOfWork().asPort(), clock, config, fees);
  const state = () => cashOuts.rows.get('co1')!.snapshot;
  return { settle, state, posted, txStatus };
}

describe('SettleCashOutUseCase: a timeout is not a failure', () => {
  it('retries a timed-out send before the last attempt without asking for the status', async () => {
    const spi = new ScriptedSpi({ outcome: 'settled' });
    const { settle, state } = setup(spi);
    await expect(settle.execute('co1', false)).rejects.toBeInstanceOf(TransientSpiError);
    expect(spi.statusQueries).toBe(0);
    expect(state().status).toBe('processing');
  });

  it('on the last attempt, completes an order the SPI says settled (and captures the hold)', async () => {
    const { settle, state, posted, txStatus } = setup(new ScriptedSpi({ outcome: 'settled' }));
    await settle.execute('co1', true);
    expect(state().status).toBe('completed');
    expect(txStatus).toEqual(['processing', 'completed']);
    expect(posted.flatMap((m) => m.lines.map((l) => l.operation))).toEqual(['capture']);
  });

  it('on the last attempt, fails with the code the SPI gives for a rejected order (and releases the hold)', async () => {
    const { settle, state, posted } = setup(new ScriptedSpi({ outcome: 'rejected', code: 'AB03', message: 'timed out at the SPI' }));
    await settle.execute('co1', true);
    expect(state()).toMatchObject({ status: 'failed', errorCode: 'AB03' });
    expect(posted.flatMap((m) => m.lines.map((l) => l.operation))).toEqual(['release']);
  });

  it.each([
    ['the SPI has no outcome for the order', { outcome: 'unknown' } as SpiOrderStatus],
    ['the status query itself fails', new TransientSpiError('status timed out')],
  ])('keeps the payment processing, money held, when %s', async (_case, known) => {
    const { settle, state, posted } = setup(new ScriptedSpi(known));
    await expect(settle.execute('co1', true)).rejects.toBeInstanceOf(TransientSpiError);
    expect(state().status).toBe('processing');
    expect(posted).toEqual([]);
  });

  it('reconciliation looks the order up first and does not send again when the SPI knows it', async () => {
    const spi = new ScriptedSpi({ outcome: 'settled' }, { outcome: 'rejected', code: 'AC03', message: 'would be wrong' });
    const { settle, state } = setup(spi);
    await settle.reconcile('co1', false);
    expect(spi.statusQueries).toBe(1);
    expect(state().status).toBe('completed');
  });

  it('reconciliation sends again an order the SPI never received', async () => {
    const { settle, state } = setup(new ScriptedSpi({ outcome: 'unknown' }, { outcome: 'settled' }));
    await settle.reconcile('co1', false);
    expect(state().status).toBe('completed');
  });
});
