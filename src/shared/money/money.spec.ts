import { Money } from './money.js';

describe('Money', () => {
  it('adds decimals exactly where floats would not', () => {
    expect(Money.of('0.10').plus(Money.of('0.20')).toFixed2()).toBe('0.30');
    expect(Money.of('0.1').plus(Money.of('0.2')).eq(Money.of('0.3'))).toBe(true);
  });

  it('keeps trailing zeros in both output formats', () => {
    expect(Money.of('150').toFixed2()).toBe('150.00');
    expect(Money.of('2.5').toFixed6()).toBe('2.500000');
  });

  it('validates request amounts per docs/conventions.md §4', () => {
    for (const ok of ['1', '0.01', '150.00', '9999999999999.99']) expect(Money.isValidAmount(ok)).toBe(true);
    for (const bad of ['0', '0.00', '-1', '1e3', '1,00', '1.001', '', ' 1', '10000000000000', 5, null]) {
      expect(Money.isValidAmount(bad)).toBe(false);
    }
  });

  it('rounds percentages half-up to cents', () => {
    expect(Money.of('10.00').times('0.015').toFixed2()).toBe('0.15');
    expect(Money.of('0.05').times('0.5').toFixed2()).toBe('0.03');
  });

  it('compares and exposes the cents digits', () => {
    expect(Money.of('10.91').cents()).toBe('91');
    expect(Money.of('5').gt(Money.of('4.99'))).toBe(true);
    expect(Money.min(Money.of('3'), Money.of('2')).toFixed2()).toBe('2.00');
  });
});
