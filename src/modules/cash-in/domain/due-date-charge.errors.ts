import { DomainError, type ErrorDetail } from '../../../shared/errors/domain-error.js';

/** A due-date charge's terms that cannot be computed with; `field` uses the API's names ("interest.mode"). */
export class InvalidDueDateChargeError extends DomainError {
  constructor(field: string, issue: string) {
    super('VALIDATION_ERROR', `${field} ${issue}`, [{ field, issue }]);
  }
}

/** The terms of a new due-date charge break one or more rules; `details` lists every one, in the API's field names. */
export class InvalidDueDateTermsError extends DomainError {
  constructor(details: ErrorDetail[]) {
    super('VALIDATION_ERROR', details.map((d) => `${d.field} ${d.issue}`).join('; '), details);
  }
}
