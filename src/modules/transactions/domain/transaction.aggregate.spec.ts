import { Money } from '../../../shared/money/money.js';
import { Transaction } from './transaction.aggregate.js';

const make = () =>
  Transaction.create({
    id: 't1', clientId: 'c1', accountId: 'a1', type: 'cash_out', externalId: null, reference: null,
    amount: Money.of('10.00'), taxAmount: Money.of('0.50'), pixKey: null, pixKeyType: null, endToEndId: null,
    payer: null, receiver: null, description: null, metadata: null, now: new Date('2026-01-01T00:00:00Z'),
  });

describe('Transaction', () => {
  it('starts pending with net = gross - tax', () => {
    const t = make();
    expect(t.status).toBe('pending');
    expect(t.netAmount.toFixed2()).toBe('9.50');
  });

  it('moves pending -> processing -> completed -> returned and stamps processed_at', () => {
    const t = make();
    t.moveTo('processing', new Date());
    const done = new Date('2026-01-02T00:00:00Z');
    t.moveTo('completed', done);
    expect(t.snapshot.processedAt).toEqual(done);
    t.moveTo('returned', new Date());
    expect(t.status).toBe('returned');
  });

  it('refuses illegal moves such as failed -> completed', () => {
    const t = make();
    t.moveTo('failed', new Date(), { code: 'AC03', message: 'invalid account' });
    expect(t.snapshot.errorCode).toBe('AC03');
    expect(() => t.moveTo('completed', new Date())).toThrow(expect.objectContaining({ code: 'INVALID_STATE_TRANSITION' }));
  });
});
