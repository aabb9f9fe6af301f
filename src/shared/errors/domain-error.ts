import type { ErrorCode } from './error-catalog.js';

/** One field-level problem inside an error response (docs/conventions.md §3 `details`). */
export interface ErrorDetail {
  field: string;
  issue: string;
}

/**
 * A refusal the business rules make. `code` is stable (UPPER_SNAKE, listed in docs/errors.md);
 * the global exception filter maps it to an HTTP status through one table.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The addressed record does not exist for this principal (also used for other tenants' records). */
export class NotFoundError extends DomainError {
  constructor(what: string, code: ErrorCode = 'NOT_FOUND') {
    super(code, `${what} not found`);
  }
}
