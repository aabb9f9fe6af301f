import { DomainError, type ErrorDetail } from '../../../shared/errors/domain-error.js';

export class InvalidCashOutRequestError extends DomainError {
  constructor(message: string, details: ErrorDetail[]) {
    super('VALIDATION_ERROR', message, details);
  }
}

export class CashOutStateError extends DomainError {
  constructor(from: string, to: string) {
    super('INVALID_STATE_TRANSITION', `Cash-out cannot move from ${from} to ${to}`);
  }
}
