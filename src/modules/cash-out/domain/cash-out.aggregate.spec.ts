import { Money } from '../../../shared/money/money.js';
import { CashOut } from './cash-out.aggregate.js';
import { CashOutStateError } from './cash-out.errors.js';

/** Time is a parameter of the aggregate: any fixed instant will do. */
const AT = new Date('2026-03-10T15:00:00.000Z');

const party = {
  name: 'X',
  document: '52998224725',
  ispb: '00000000',
  participantName: 'BB',
  branch: '0001',
  account: '1',
  accountType: 'payment' as const,
};
const make = () =>
  CashOut.queue(
    {
      id: 'co1',
      clientId: 'c1',
      accountId: 'a1',
      externalId: 'ext',
      amount: Money.of('10.00'),
      chargeId: null,
      txid: null,
      flow: 'key',
      initiation: 'DICT',
      description: null,
      pixKey: 'a@b.co',
      pixKeyType: 'EMAIL',
      payer: party,
      receiver: party,
      endToEndId: 'E1',
    },
    AT,
  );

/** `act` throws CashOutStateError (INVALID_STATE_TRANSITION) naming both states. */
const refusesMove = (act: () => void, from: string, to: string) => {
  expect(act).toThrow(CashOutStateError);
  expect(act).toThrow(expect.objectContaining({ code: 'INVALID_STATE_TRANSITION', message: `Cash-out cannot move from ${from} to ${to}` }));
};

describe('CashOut', () => {
  it('is queued with an internal queued event', () => {
    const c = make();
    expect(c.status).toBe('queued');
    expect(c.pullEvents()).toEqual([expect.objectContaining({ type: 'cash_out.queued', webhook: false })]);
  });

  it('completes through processing and records webhook events', () => {
    const c = make();
    c.pullEvents();
    c.startProcessing(AT);
    c.complete(AT);
    expect(c.pullEvents().map((e) => e.type)).toEqual(['cash_out.processing', 'cash_out.completed']);
    expect(c.snapshot.completedAt).not.toBeNull();
  });

  it('fails with an error code, and never completes afterwards', () => {
    const c = make();
    c.startProcessing(AT);
    c.fail('AC03', 'Invalid account', AT);
    expect(c.snapshot.errorCode).toBe('AC03');
    refusesMove(() => c.complete(AT), 'failed', 'completed');
    expect(c.status).toBe('failed');
  });

  it('cannot skip processing or be returned before completing', () => {
    refusesMove(() => make().complete(AT), 'queued', 'completed');
    refusesMove(() => make().markReturned(Money.of('1'), AT), 'queued', 'returned');
  });

  it('is returned once, for at most the original amount', () => {
    const c = make();
    c.startProcessing(AT);
    c.complete(AT);
    refusesMove(() => c.markReturned(Money.of('10.01'), AT), 'completed', 'returned (amount must be > 0 and <= the original)');
    refusesMove(() => c.markReturned(Money.of('0'), AT), 'completed', 'returned (amount must be > 0 and <= the original)');
    expect(c.status).toBe('completed');
    c.markReturned(Money.of('4.00'), AT);
    expect(c.snapshot.returnedAmount!.toFixed2()).toBe('4.00');
    refusesMove(() => c.markReturned(Money.of('1'), AT), 'returned', 'returned');
    expect(c.snapshot.returnedAmount!.toFixed2()).toBe('4.00');
  });
});

describe('CashOut.statementEntry: its `cash_out` line follows it', () => {
  const later = (ms: number) => new Date(AT.getTime() + ms);

  it('each move gives the line the cash-out own status and time; completed and returned carry no failure', () => {
    const c = make();
    expect(c.statementEntry()).toEqual({ transactionId: 'co1', status: 'queued', at: AT, failure: null });
    c.startProcessing(later(1_000));
    expect(c.statementEntry()).toEqual({ transactionId: 'co1', status: 'processing', at: later(1_000), failure: null });
    c.complete(later(2_000));
    expect(c.statementEntry()).toEqual({ transactionId: 'co1', status: 'completed', at: later(2_000), failure: null });
    c.markReturned(Money.of('10.00'), later(3_000));
    expect(c.statementEntry()).toEqual({ transactionId: 'co1', status: 'returned', at: later(3_000), failure: null });
  });

  it('a failed cash-out: the line carries the scheme reason code and message', () => {
    const c = make();
    c.startProcessing(later(1_000));
    c.fail('AB03', 'Settlement timed out', later(2_000));
    expect(c.statementEntry()).toEqual({
      transactionId: 'co1',
      status: 'failed',
      at: later(2_000),
      failure: { code: 'AB03', message: 'Settlement timed out' },
    });
  });
});
