import { checkDigit, newAccountNumber } from './account-number.js';

describe('account numbers', () => {
  it('are 9 digits, not starting with 0, ending in their check digit', () => {
    for (let i = 0; i < 200; i++) {
      const n = newAccountNumber();
      expect(n).toMatch(/^[1-9]\d{8}$/);
      expect(n[8]).toBe(checkDigit(n.slice(0, 8)));
    }
  });

  it('are not sequential: consecutive numbers differ by more than one', () => {
    const numbers = Array.from({ length: 50 }, () => Number(newAccountNumber()));
    const steps = numbers.slice(1).map((n, i) => Math.abs(n - numbers[i]!));
    expect(steps.filter((s) => s <= 10)).toHaveLength(0);
  });

  it('take their body from the random source and a mod-11 check digit', () => {
    expect(newAccountNumber(() => 0)).toBe(`10000000${checkDigit('10000000')}`);
    expect(checkDigit('10000000')).toBe(String(11 - ((1 * 9) % 11)));
  });
});
