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

  it('refuses malformed values', () => {
    expect(() => FeeRule.of('-1', '0')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => FeeRule.of('0', '100.5')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => FeeRule.of('1e2', '0')).toThrow();
  });
});
