import Big from 'big.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { AMOUNT_PATTERN, Money, PERCENT_PATTERN } from '../../../shared/money/money.js';

/** What a client pays on one transaction type: a fixed amount plus a percentage, never more than the amount. */
export class FeeRule {
  private constructor(
    readonly fixed: Money,
    readonly percent: string,
  ) {}

  static free(): FeeRule {
    return new FeeRule(Money.zero(), '0');
  }

  static of(fixed: string, percent: string): FeeRule {
    if (!AMOUNT_PATTERN.test(fixed)) {
      throw new DomainError('VALIDATION_ERROR', 'fixed_amount must be a decimal string >= 0', [
        { field: 'fixed_amount', issue: 'invalid' },
      ]);
    }
    if (!PERCENT_PATTERN.test(percent) || new Big(percent).gt(100)) {
      throw new DomainError('VALIDATION_ERROR', 'percent must be between 0 and 100 with up to 4 decimals', [
        { field: 'percent', issue: 'invalid' },
      ]);
    }
    return new FeeRule(Money.of(fixed), new Big(percent).toString());
  }

  /** fixed + amount x percent / 100, rounded half-up to cents, capped at the amount itself. */
  feeFor(amount: Money): Money {
    const fee = this.fixed.plus(amount.times(new Big(this.percent).div(100)));
    return Money.min(fee, amount);
  }
}
