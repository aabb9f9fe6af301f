import { DomainError } from '../../../shared/errors/domain-error.js';

export class InsufficientFundsError extends DomainError {
  constructor(available: string, requested: string) {
    super('INSUFFICIENT_FUNDS', `Available balance ${available} is less than ${requested}`);
  }
}

/** A capture, release or unblock larger than what is blocked: a bug in the caller, never user input. */
export class InsufficientBlockedFundsError extends DomainError {
  constructor(blocked: string, requested: string) {
    super('INSUFFICIENT_BLOCKED_FUNDS', `Blocked balance ${blocked} is less than ${requested}`);
  }
}

/** A balance past what its column holds (numeric(20,6): 14 integer digits); refused before any write. */
export class BalanceTooLargeError extends DomainError {
  constructor(amount: string) {
    super('AMOUNT_TOO_LARGE', `An amount of ${amount} would take the balance beyond what an account can hold`, [
      { field: 'amount', issue: 'would take the balance beyond 99999999999999.99' },
    ]);
  }
}
