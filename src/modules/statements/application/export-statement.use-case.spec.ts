import { Money } from '../../../shared/money/money.js';
import { FrozenClock } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { FakeUnitOfWork, InMemoryLedger } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { InMemoryTransactions } from '../../transactions/application/transactions.fakes.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { ExportStatementUseCase } from './export-statement.use-case.js';
import type { StatementSink } from './statement-sink.js';

describe('ExportStatementUseCase', () => {
  const clock = new FrozenClock(new Date('2026-03-10T15:00:00.000Z'));
  let ledger: LedgerService;
  let transactions: TransactionsService;
  let uow: FakeUnitOfWork;
  let statements: ExportStatementUseCase;

  const post = (
    operation: 'credit' | 'fee' | 'block' | 'unblock' | 'debit',
    amount: string,
    at: string,
    transactionId: string | null = null,
  ) => {
    clock.set(new Date(at));
    return ledger.post({ transactionId, description: operation, lines: [{ accountId: 'acc', operation, amount: Money.of(amount) }] });
  };

  /** Collects the chunks, and counts them (a chunk per batch of entries, and the tail). */
  class Collector implements StatementSink {
    chunks: string[] = [];
    async write(chunk: string): Promise<void> {
      this.chunks.push(chunk);
    }
  }

  const rowsOf = (csv: string) =>
    csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(','));

  beforeEach(async () => {
    uow = new FakeUnitOfWork({ strict: true });
    const store = new InMemoryLedger(uow, () => clock.now());
    ledger = new LedgerService(store, uow);
    transactions = new TransactionsService(new InMemoryTransactions());
    const identity = new InMemoryIdentity();
    identity.addAccount('client', 'acc', '52998224725');
    statements = new ExportStatementUseCase(identity.directory(), ledger, transactions, clock, {
      pspIspb: '12345678',
      pspName: 'Sandbox',
    });
    await ledger.openAccount('acc', 'client');
    await transactions.recordPayment({
      id: 'pay-1',
      clientId: 'client',
      accountId: 'acc',
      type: 'cash_in',
      status: 'completed',
      amount: Money.of('50.00'),
      endToEndId: 'E12345678202603091200abcdefghijk',
      payer: { name: 'Ana', document: '***.456.789-**' },
      receiver: null,
      txid: 'loja42',
      at: new Date('2026-03-09T15:00:00.000Z'),
    });
    await post('credit', '100.00', '2026-03-08T15:00:00.000Z'); // before the period
    await post('credit', '50.00', '2026-03-09T15:00:00.000Z', 'pay-1');
    await post('fee', '0.50', '2026-03-09T15:00:00.000Z', 'pay-1');
    await post('block', '20.00', '2026-03-09T16:00:00.000Z', 'pay-1');
    await post('debit', '10.00', '2026-03-10T03:00:00.000Z'); // 10 March, 00:00 in São Paulo: after the period
    clock.set(new Date('2026-03-10T15:00:00.000Z'));
  });

  it('writes the opening balance, each entry with its payment and running balance, and the closing balance', async () => {
    const prepared = await statements.prepare('client', { dateFrom: '2026-03-09', dateTo: '2026-03-09', format: 'csv' });
    expect(prepared.filename).toBe('statement-100001-2026-03-09-2026-03-09.csv');
    const sink = new Collector();
    await prepared.writeTo(sink);
    const rows = rowsOf(sink.chunks.join(''));
    // operation, transaction_type, end_to_end_id, txid, counterparty_name, amount, balance, available_balance, blocked_balance
    expect(rows.map((r) => [r[2], r[3], r[5], r[6], r[7], r[10], r[13], r[14], r[15]])).toEqual([
      ['opening_balance', '', '', '', '', '', '100.00', '100.00', '0.00'],
      ['credit', 'cash_in', 'E12345678202603091200abcdefghijk', 'loja42', 'Ana', '50.00', '150.00', '150.00', '0.00'],
      ['fee', 'cash_in', 'E12345678202603091200abcdefghijk', 'loja42', 'Ana', '-0.50', '149.50', '149.50', '0.00'],
      ['block', 'cash_in', 'E12345678202603091200abcdefghijk', 'loja42', 'Ana', '0.00', '149.50', '129.50', '20.00'],
      ['closing_balance', '', '', '', '', '', '149.50', '129.50', '20.00'],
    ]);
    // A chunk per page of entries (here one), then the tail.
    expect(sink.chunks).toHaveLength(2);
  });

  it('reads up to the cut it took first, however long the reader takes, and holds no transaction meanwhile', async () => {
    const prepared = await statements.prepare('client', { dateFrom: '2026-03-08', dateTo: '2026-03-10', format: 'csv' });
    const sink = new Collector();
    // A payment lands in the period while the reader holds the first chunk: the statement was cut before it.
    const slowReader: StatementSink = {
      write: async (chunk) => {
        if (sink.chunks.length === 0) {
          expect(uow.inTransaction()).toBe(false);
          await uow.run(() => post('credit', '7.00', '2026-03-10T15:00:00.000Z'));
        }
        await sink.write(chunk);
      },
    };
    await prepared.writeTo(slowReader);
    const rows = rowsOf(sink.chunks.join(''));
    expect(rows.map((r) => r[2])).toEqual(['opening_balance', 'credit', 'credit', 'fee', 'block', 'debit', 'closing_balance']);
    expect(rows.at(-1)![13]).toBe('139.50'); // 100 + 50 - 0.50 - 10: the 7.00 came after the cut
    expect((await ledger.balanceOf('acc'))?.balance.total.toFixed2()).toBe('146.50');
  });

  it('refuses to read its pages inside a transaction, where a slow reader would hold the connection', async () => {
    const prepared = await statements.prepare('client', { dateFrom: '2026-03-08', dateTo: '2026-03-10', format: 'ofx' });
    await expect(uow.run(() => prepared.writeTo(new Collector()))).rejects.toThrow('entriesUpTo reads outside any transaction');
  });

  it('refuses a bad period or another client’s account before writing anything', async () => {
    await expect(statements.prepare('client', { dateFrom: '2026-03-10', dateTo: '2026-03-09', format: 'csv' })).rejects.toMatchObject({
      code: 'INVALID_DATE_RANGE',
    });
    await expect(statements.prepare('other', { dateFrom: '2026-03-09', dateTo: '2026-03-09', format: 'csv' })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });
});
