import { Logger } from '@nestjs/common';
import { cashOutWorld, NOON, type CashOutWorld, JOANA_KEY } from './cash-out-world.fakes.js';
import { SETTLEMENT_OUTCOMES } from './settle-cash-out.use-case.js';
import { TransientSpiError } from '../../spi/application/spi-gateway.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const NAME = SETTLEMENT_OUTCOMES.name;

Logger.overrideLogger(false);

describe('SettleCashOutUseCase: settlement_outcomes_total', () => {
  let w: CashOutWorld;

  beforeEach(() => {
    w = cashOutWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name, '100.00');
    w.keys.add(JOANA_KEY);
  });

  async function queued(amount: string): Promise<string> {
    const c = await w.create.execute({
      clientId: MARIA.client,
      amount,
      pixKey: JOANA_KEY.keyValue,
      pixKeyType: 'EMAIL',
      externalId: `e-${amount}`,
    });
    w.clock.set(new Date(NOON.getTime() + 2_000));
    return c.snapshot.id;
  }

  it('counts a completion once, however often the payment is settled again', async () => {
    const id = await queued('10.00');
    w.spi.onSend({ outcome: 'settled' });
    await w.settle.execute(id, false);
    await w.settle.execute(id, true);
    await w.settle.reconcile(id, true);
    expect(w.metrics.count(NAME, { outcome: 'completed', code: 'none' })).toBe(1);
    expect(w.metrics.total(NAME)).toBe(1);
  });

  it('counts a rejection under its ISO 20022 code; a code that is not one is `other`', async () => {
    const a = await queued('10.91');
    const b = await queued('10.92');
    w.spi.onSend(
      { outcome: 'rejected', code: 'AC03', message: 'invalid account' },
      { outcome: 'rejected', code: 'weird code!', message: '?' },
    );
    await w.settle.execute(a, false);
    await w.settle.execute(b, false);
    expect(w.metrics.count(NAME, { outcome: 'failed', code: 'AC03' })).toBe(1);
    expect(w.metrics.count(NAME, { outcome: 'failed', code: 'other' })).toBe(1);
    expect(w.metrics.total(NAME)).toBe(2);
  });

  it('counts each timed-out try as requeued, and the last one without an answer as unresolved', async () => {
    const id = await queued('10.93');
    w.spi.onSend(new TransientSpiError('no answer'), new TransientSpiError('no answer')).onStatus({ outcome: 'unknown' });
    await expect(w.settle.execute(id, false)).rejects.toBeInstanceOf(TransientSpiError);
    expect(w.metrics.count(NAME, { outcome: 'requeued', code: 'none' })).toBe(1);
    await expect(w.settle.execute(id, true)).rejects.toBeInstanceOf(TransientSpiError);
    expect(w.metrics.count(NAME, { outcome: 'unresolved', code: 'none' })).toBe(1);
    expect(w.metrics.total(NAME)).toBe(2);
  });

  it('the reconciliation sweep counts the outcome the SPI reports', async () => {
    const id = await queued('10.00');
    w.spi.onStatus({ outcome: 'rejected', code: 'AM04', message: 'insufficient funds at the receiver' });
    await w.settle.reconcile(id, true);
    expect(w.metrics.count(NAME, { outcome: 'failed', code: 'AM04' })).toBe(1);
  });

  it('counts nothing when recording the outcome fails (nothing committed)', async () => {
    const id = await queued('10.00');
    w.spi.onSend({ outcome: 'settled' });
    const update = w.cashOuts.update.bind(w.cashOuts);
    let calls = 0;
    // The first update is `queued -> processing`; the second, the terminal state's, fails.
    w.cashOuts.update = async (c) => {
      if (++calls === 2) throw new Error('connection lost');
      return update(c);
    };
    await expect(w.settle.execute(id, false)).rejects.toThrow('connection lost');
    expect(w.metrics.total(NAME)).toBe(0);
  });
});
