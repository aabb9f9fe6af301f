import { Money } from '../../../shared/money/money.js';
import { CashOut } from './cash-out.aggregate.js';

const party = { name: 'X', document: '52998224725', ispb: '00000000', participantName: 'BB', branch: '0001', account: '1', accountType: 'payment' as const };
const make = () =>
  CashOut.queue(
    {
      id: 'co1', clientId: 'c1', accountId: 'a1', externalId: 'ext', amount: Money.of('10.00'), flow: 'key',
      pixKey: 'a@b.co', pixKeyType: 'EMAIL', payer: party, receiver: party, endToEndId: 'E1',
    },
    new Date(),
  );

describe('CashOut', () => {
  it('is queued with an internal queued event', () => {
    const c = make();
    expect(c.status).toBe('queued');
    expect(c.pullEvents()).toEqual([expect.objectContaining({ type: 'cash_out.queued', webhook: false })]);
  });

  it('completes through processing and records webhook events', () => {
    const c = make();
    c.pullEvents();
    c.startProcessing(new Date());
    c.complete(new Date());
    expect(c.pullEvents().map((e) => e.type)).toEqual(['cash_out.processing', 'cash_out.completed']);
    expect(c.snapshot.completedAt).not.toBeNull();
  });

  it('fails with an error code, and never completes afterwards', () => {
    const c = make();
    c.startProcessing(new Date());
    c.fail('AC03', 'Invalid account', new Date());
    expect(c.snapshot.errorCode).toBe('AC03');
    expect(() => c.complete(new Date())).toThrow(expect.objectContaining({ code: 'INVALID_STATE_TRANSITION' }));
  });

  it('cannot skip processing or be returned before completing', () => {
    expect(() => make().complete(new Date())).toThrow();
    expect(() => make().markReturned(Money.of('1'), new Date())).toThrow();
  });

  it('is returned once, for at most the original amount', () => {
    const c = make();
    c.startProcessing(new Date());
    c.complete(new Date());
    expect(() => c.markReturned(Money.of('10.01'), new Date())).toThrow();
    c.markReturned(Money.of('4.00'), new Date());
    expect(c.snapshot.returnedAmount!.toFixed2()).toBe('4.00');
    expect(() => c.markReturned(Money.of('1'), new Date())).toThrow();
  });
});
