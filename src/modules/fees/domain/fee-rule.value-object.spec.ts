import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { FeeRule } from './fee-rule.value-object.js';

describe('FeeRule', () => {
  it('charges nothing by default', () => {
    expect(FeeRule.free().feeFor(Money.of('100.00')).toFixed2()).toBe('0.00');
  });

  it('adds a fixed part and a percentage rounded half-up to cents', () => {
    expect(FeeRule.of('0.50', '1.5').feeFor(Money.of('10.00')).toFixed2()).toBe('0.65');
    expect(FeeRule.of('0', '0.99').feeFor(Money.of('0.50')).toFixed2()).toBe('0.00');
    expect(FeeRule.of('0', '1').feeFor(Money.of('0.50')).toFixed2()).toBe('0.01');
  });

  it('never charges more than the amount', () => {
    expect(FeeRule.of('5.00', '0').feeFor(Money.of('3.00')).toFixed2()).toBe('3.00');
  });

  it('refuses malformed values, naming the field', () => {
    const badFixed = {
      code: 'VALIDATION_ERROR',
      message: 'fixed_amount must be a decimal string >= 0',
      details: [{ field: 'fixed_amount', issue: 'invalid' }],
    };
    const badPercent = {
      code: 'VALIDATION_ERROR',
      message: 'percent must be between 0 and 100 with up to 4 decimals',
      details: [{ field: 'percent', issue: 'invalid' }],
    };
    for (const [fixed, percent, expected] of [
      ['-1', '0', badFixed],
      ['1e2', '0', badFixed],
      ['0.001', '0', badFixed],
      ['0', '100.5', badPercent],
      ['0', '1.00001', badPercent],
    ] as const) {
      expect(() => FeeRule.of(fixed, percent)).toThrow(DomainError);
      expect(() => FeeRule.of(fixed, percent)).toThrow(expect.objectContaining(expected));
    }
    expect(FeeRule.of('0', '100').feeFor(Money.of('7.00')).toFixed2()).toBe('7.00');
  });
});
