import { Money } from '../../../../shared/money/money.js';
import { sandboxOutcome } from './sandbox-spi.rules.js';

describe('sandboxOutcome', () => {
  it.each([
    ['10.91', { kind: 'reject', code: 'AC03' }],
    ['0.92', { kind: 'reject', code: 'AM04' }],
    ['5.93', { kind: 'timeout' }],
    ['7.94', { kind: 'settle', returnLater: true }],
    ['7.00', { kind: 'settle', returnLater: false }],
    ['91', { kind: 'settle', returnLater: false }],
  ])('%s -> %j', (amount, expected) => {
    expect(sandboxOutcome(Money.of(amount))).toMatchObject(expected);
  });
});
