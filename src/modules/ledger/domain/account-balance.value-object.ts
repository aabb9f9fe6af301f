import { Money } from '../../../shared/money/money.js';
import { BalanceTooLargeError, InsufficientBlockedFundsError, InsufficientFundsError } from './ledger.errors.js';
import { POSTING_RULES, type OperationType } from './ledger-operation.js';

/** The largest figure a balance column (`numeric(20,6)`) holds. */
export const MAX_BALANCE = Money.of('99999999999999.999999');

/** The two buckets of one client account. Neither may ever go below zero, nor past MAX_BALANCE. */
export class AccountBalance {
  constructor(
    readonly available: Money,
    readonly blocked: Money,
  ) {}

  static empty(): AccountBalance {
    return new AccountBalance(Money.zero(), Money.zero());
  }

  get total(): Money {
    return this.available.plus(this.blocked);
  }

  /** The balance after `operation` of `amount`, or a domain error when a bucket would go negative. */
  apply(operation: OperationType, amount: Money): AccountBalance {
    if (!amount.isPositive()) throw new Error(`ledger amounts must be positive, got ${amount.toFixed6()}`);
    const rule = POSTING_RULES[operation];
    const available = this.shift(this.available, rule.available, amount);
    const blocked = this.shift(this.blocked, rule.blocked, amount);
    if (available.isNegative()) throw new InsufficientFundsError(this.available.toFixed2(), amount.toFixed2());
    if (blocked.isNegative()) throw new InsufficientBlockedFundsError(this.blocked.toFixed2(), amount.toFixed2());
    if (available.gt(MAX_BALANCE) || blocked.gt(MAX_BALANCE)) throw new BalanceTooLargeError(amount.toFixed2());
    return new AccountBalance(available, blocked);
  }

  private shift(value: Money, sign: -1 | 0 | 1, amount: Money): Money {
    if (sign === 0) return value;
    return sign === 1 ? value.plus(amount) : value.minus(amount);
  }
}
