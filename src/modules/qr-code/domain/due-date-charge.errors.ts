import { DomainError } from '../../../shared/errors/domain-error.js';

/** A due-date charge's terms that cannot be computed with; `field` uses the API's names ("interest.mode"). */
export class InvalidDueDateChargeError extends DomainError {
  constructor(field: string, issue: string) {
    super('VALIDATION_ERROR', `${field} ${issue}`, [{ field, issue }]);
  }
}
