import type { StatementEntry } from '../../../shared/domain/statement-entry.js';
import { Money } from '../../../shared/money/money.js';
import { InMemoryTransactions } from './transactions.fakes.js';
import { TransactionsService, type NewPayment } from './transactions.service.js';

const T0 = new Date('2026-03-10T15:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const payment = (entry: StatementEntry | null) => ({ statementEntry: () => entry });

function world(status: NewPayment['status']) {
  const rows = new InMemoryTransactions();
  const service = new TransactionsService(rows);
  const row = (id: string) => rows.all().find((t) => t.id === id)!.snapshot;
  return { rows, service, row, record: () => service.recordPayment({ ...base, status }) };
}

const base: NewPayment = {
  id: 't1',
  clientId: 'c1',
  accountId: 'a1',
  type: 'cash_out',
  status: 'queued',
  amount: Money.of('10.00'),
  endToEndId: 'E1',
  payer: null,
  receiver: null,
  at: T0,
};

describe('TransactionsService.follow: the line takes the payment own statement entry', () => {
  it('status and time; processed_at once completed; a failure written and then kept', async () => {
    const w = world('queued');
    await w.record();
    await w.service.follow(payment({ transactionId: 't1', status: 'processing', at: later(1_000), failure: null }));
    expect(w.row('t1')).toMatchObject({ status: 'processing', updatedAt: later(1_000), processedAt: null, errorCode: null });
    await w.service.follow(
      payment({ transactionId: 't1', status: 'failed', at: later(2_000), failure: { code: 'AC03', message: 'Invalid account' } }),
    );
    expect(w.row('t1')).toMatchObject({ status: 'failed', updatedAt: later(2_000), errorCode: 'AC03', errorMessage: 'Invalid account' });
  });

  it('completed: processed_at is the moment it completed', async () => {
    const w = world('queued');
    await w.record();
    await w.service.follow(payment({ transactionId: 't1', status: 'completed', at: later(3_000), failure: null }));
    expect(w.row('t1')).toMatchObject({ status: 'completed', processedAt: later(3_000), updatedAt: later(3_000) });
  });

  it('a payment without a line (null entry) writes nothing', async () => {
    const w = world('queued');
    await w.record();
    await w.service.follow(payment(null));
    expect(w.row('t1')).toMatchObject({ status: 'queued', updatedAt: T0 });
  });

  it('a paid receipt: completed with what arrived, its payer and the fee priced on it; refused without the fee', async () => {
    const w = world('pending');
    await w.record();
    const payer = { name: 'Joao', document: '52998224725' };
    const paid = payment({
      transactionId: 't1',
      status: 'completed',
      at: later(4_000),
      failure: null,
      receipt: { amount: Money.of('12.50'), endToEndId: 'E2', payer },
    });
    expect(() => w.service.follow(paid)).toThrow(/without its fee/);
    expect(w.row('t1').status).toBe('pending');
    await w.service.follow(paid, { fee: Money.of('0.25') });
    const row = w.row('t1');
    expect(row).toMatchObject({ status: 'completed', endToEndId: 'E2', payer, processedAt: later(4_000) });
    expect([row.amount.toFixed2(), row.taxAmount.toFixed2()]).toEqual(['12.50', '0.25']);
  });
});
