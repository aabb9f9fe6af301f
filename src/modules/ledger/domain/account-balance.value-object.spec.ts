import { Money } from '../../../shared/money/money.js';
import { AccountBalance, MAX_BALANCE } from './account-balance.value-object.js';

const bal = (available: string, blocked = '0') => new AccountBalance(Money.of(available), Money.of(blocked));

describe('AccountBalance bounds', () => {
  it('takes a balance up to exactly what its column holds', () => {
    const full = bal('99999999999999.989999').apply('credit', Money.of('0.01'));
    expect(full.available.eq(MAX_BALANCE)).toBe(true);
    expect(bal('99999999999999.98', '1').apply('hold', Money.of('0.01')).blocked.toFixed2()).toBe('1.01');
  });

  it('refuses a credit or a hold that would take a bucket past it, as AMOUNT_TOO_LARGE', () => {
    const overflow = expect.objectContaining({ code: 'AMOUNT_TOO_LARGE', details: [expect.objectContaining({ field: 'amount' })] });
    expect(() => bal('99999999999999.99').apply('credit', Money.of('0.01'))).toThrow(overflow);
    expect(() => bal('99999999999990.00').apply('credit', Money.of('9999999999999.99'))).toThrow(overflow);
    expect(() => bal('99999999999999.99', '99999999999999.99').apply('hold', Money.of('0.01'))).toThrow(overflow);
    expect(() => bal('99999999999999.99', '1').apply('unblock', Money.of('0.01'))).toThrow(overflow);
  });
});
