import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { Charge, type ChargeProps } from './charge.aggregate.js';

const T0 = new Date('2026-03-10T15:00:00.000Z'); // 12:00 in São Paulo
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const PAYER = { name: 'Joao', document: '52998224725' };

function issue(over: Partial<ChargeProps> = {}): Charge {
  return Charge.issue({
    id: 'c0ffee00-0000-4000-8000-000000000001',
    clientId: 'client-1',
    accountId: 'account-1',
    txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
    reference: 'order-1',
    description: null,
    amount: Money.of('100.00'),
    pixKey: 'a1b2c3d4-0000-4000-8000-000000000000',
    pixKeyType: 'EVP',
    expectedPayer: null,
    expiresAt: minutes(60),
    terms: null,
    details: {},
    metadata: null,
    qrCodeText: '000201...',
    registryDocumentId: 'sandbox-k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
    createdAt: T0,
    ...over,
  });
}

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('Charge', () => {
  it('is pending and payable until the instant before expiresAt, lapsed from it', () => {
    const c = issue();
    expect(c.status).toBe('pending');
    expect(c.isPayable(minutes(59.99))).toBe(true);
    expect(c.isLapsed(minutes(60))).toBe(true);
    expect(c.isPayable(minutes(60))).toBe(false);
  });

  it('is paid once with the amount due; the payment is recorded and no event is its own (the receipt writes it)', () => {
    const c = issue();
    const paid = c.pay({ amount: null, endToEndId: 'E0000000020260310150012345678901', payer: PAYER, pricedAt: T0, now: minutes(1) });
    expect(paid.toFixed2()).toBe('100.00');
    expect(c.snapshot).toMatchObject({
      status: 'completed',
      endToEndId: 'E0000000020260310150012345678901',
      payer: PAYER,
      paidAt: minutes(1),
    });
    expect(c.snapshot.paidAmount?.toFixed2()).toBe('100.00');
    expect(codeOf(() => c.pay({ amount: null, endToEndId: 'E2', payer: PAYER, pricedAt: T0, now: minutes(2) }))).toBe('CHARGE_NOT_PAYABLE');
    expect(codeOf(() => c.cancel(minutes(2)))).toBe('CHARGE_NOT_PENDING');
  });

  it('refuses another amount than the amount due', () => {
    const c = issue();
    expect(codeOf(() => c.pay({ amount: Money.of('99.99'), endToEndId: 'E1', payer: PAYER, pricedAt: T0, now: T0 }))).toBe(
      'AMOUNT_MISMATCH',
    );
    expect(c.status).toBe('pending');
  });

  it('refuses a payment once lapsed (QR_CODE_EXPIRED), even before the sweep has expired it', () => {
    const c = issue();
    expect(codeOf(() => c.pay({ amount: null, endToEndId: 'E1', payer: PAYER, pricedAt: T0, now: minutes(60) }))).toBe('QR_CODE_EXPIRED');
    expect(c.status).toBe('pending');
  });

  it('cancels a pending charge with cash_in.cancelled; a second cancel is CHARGE_NOT_PENDING', () => {
    const c = issue();
    c.cancel(minutes(5));
    expect(c.snapshot).toMatchObject({ status: 'cancelled', cancelledAt: minutes(5) });
    expect(c.pullEvents().map((e) => [e.type, e.payload])).toEqual([
      [
        'cash_in.cancelled',
        {
          transaction_id: c.snapshot.id,
          conciliation_id: c.snapshot.txid,
          reference: 'order-1',
          status: 'cancelled',
          amount: '100.00',
          account_id: 'account-1',
        },
      ],
    ]);
    expect(codeOf(() => c.cancel(minutes(6)))).toBe('CHARGE_NOT_PENDING');
    expect(codeOf(() => c.pay({ amount: null, endToEndId: 'E1', payer: PAYER, pricedAt: T0, now: minutes(6) }))).toBe('CHARGE_NOT_PAYABLE');
  });

  it('a cancel after expiresAt expires the charge instead (its event) and is refused', () => {
    const c = issue();
    expect(codeOf(() => c.cancel(minutes(61)))).toBe('CHARGE_NOT_PENDING');
    expect(c.status).toBe('expired');
    expect(c.pullEvents().map((e) => e.type)).toEqual(['cash_in.expired']);
  });

  it('expires only once, and only when lapsed', () => {
    const c = issue();
    expect(c.expire(minutes(59))).toBe(false);
    expect(c.expire(minutes(60))).toBe(true);
    expect(c.expire(minutes(61))).toBe(false);
    expect(c.snapshot.expiredAt).toEqual(minutes(60));
    expect(c.pullEvents().map((e) => e.type)).toEqual(['cash_in.expired']);
  });

  describe('due-date charges', () => {
    const terms = { dueDate: '2026-03-20', penalty: { mode: 2 as const, value: '2.00' }, interest: { mode: 3 as const, value: '1.00' } };

    it('stay payable through due_date + 30 days: until the start of the 31st day after, in São Paulo (UTC-3)', () => {
      expect(Charge.dueDateChargeExpiry('2026-03-20').toISOString()).toBe('2026-04-20T03:00:00.000Z');
      expect(Charge.dueDateChargeExpiry('2026-12-31').toISOString()).toBe('2027-01-31T03:00:00.000Z');
    });

    it('owe the amount of the day the payment was priced, by the São Paulo calendar', () => {
      const c = issue({ terms, expiresAt: Charge.dueDateChargeExpiry('2026-03-20') });
      expect(c.amountDue(new Date('2026-03-21T02:59:59.000Z')).amount.toFixed2()).toBe('100.00'); // 23:59 on the due date
      // 2026-04-04 in São Paulo: 15 days late -> 100 + 2.00 + 100 x 1% x 15/30 = 102.50
      const late = new Date('2026-04-04T15:00:00.000Z');
      expect(c.amountDue(late).amount.toFixed2()).toBe('102.50');
      // Priced on the due date, settled a day later: the priced amount is what is owed.
      const paid = c.pay({
        amount: Money.of('100.00'),
        endToEndId: 'E1',
        payer: PAYER,
        pricedAt: new Date('2026-03-21T02:59:00.000Z'),
        now: new Date('2026-03-21T03:01:00.000Z'),
      });
      expect(paid.toFixed2()).toBe('100.00');
    });
  });
});

describe('Charge.statementEntry: its `cash_in` line follows it', () => {
  const id = 'c0ffee00-0000-4000-8000-000000000001';

  it('pending at issue, with nothing received', () => {
    expect(issue().statementEntry()).toEqual({ transactionId: id, status: 'pending', at: T0, failure: null, receipt: null });
  });

  it('paid: completed at the payment, with what arrived, its end-to-end id and payer', () => {
    const c = issue();
    c.pay({ amount: null, endToEndId: 'E00000000202603101510AbCdEfGhIjK', payer: PAYER, pricedAt: minutes(10), now: minutes(10) });
    expect(c.statementEntry()).toEqual({
      transactionId: id,
      status: 'completed',
      at: minutes(10),
      failure: null,
      receipt: { amount: Money.of('100.00'), endToEndId: 'E00000000202603101510AbCdEfGhIjK', payer: PAYER },
    });
  });

  it('cancelled, or expired once lapsed: the status at that moment, nothing received', () => {
    const cancelled = issue();
    cancelled.cancel(minutes(5));
    expect(cancelled.statementEntry()).toEqual({ transactionId: id, status: 'cancelled', at: minutes(5), failure: null, receipt: null });
    const expired = issue();
    expect(expired.expire(minutes(60))).toBe(true);
    expect(expired.statementEntry()).toEqual({ transactionId: id, status: 'expired', at: minutes(60), failure: null, receipt: null });
  });
});
