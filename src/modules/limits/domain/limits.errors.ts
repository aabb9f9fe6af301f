import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import type { CapBreach } from './limit-sheet.value-object.js';
import type { LimitType } from './limit-kinds.js';

/** 400: the payment does not fit one of the caps; the message names the tightest, details list all. */
export class LimitExceededError extends DomainError {
  constructor(type: LimitType, amount: string, breaches: CapBreach[]) {
    const [tightest] = breaches;
    if (!tightest) throw new Error('LimitExceededError needs at least one breach');
    super(
      'LIMIT_EXCEEDED',
      `Amount ${amount} exceeds the ${type} ${tightest.period} limit (available ${tightest.available.toFixed2()} of ${tightest.limit.toFixed2()})`,
      breaches.map((b) => ({
        field: 'amount',
        issue: `exceeds the ${type} ${b.period} limit: limit ${b.limit.toFixed2()}, used ${b.used.toFixed2()}, available ${b.available.toFixed2()}`,
      })),
    );
  }
}

/** 409: only one pending request per account, type and period (spec "States and transitions"). */
export class PendingRequestExistsError extends DomainError {
  constructor(type: string, period: string) {
    super('PENDING_REQUEST_EXISTS', `A pending limit request already exists for ${type}/${period}`);
  }
}

/** 409: approving, rejecting or expiring a request that is no longer pending. */
export class LimitRequestNotPendingError extends DomainError {
  constructor(status: string) {
    super('LIMIT_REQUEST_NOT_PENDING', `Limit request is ${status}, not pending`);
  }
}

export class LimitRequestNotFoundError extends NotFoundError {
  constructor() {
    super('Limit request', 'LIMIT_REQUEST_NOT_FOUND');
  }
}
