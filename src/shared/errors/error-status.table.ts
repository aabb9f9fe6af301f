import { ERROR_CATALOG, isErrorCode } from './error-catalog.js';

/**
 * Code -> HTTP status, from the error catalog. A DomainError whose code is not in the catalog would be a
 * business refusal of the request (400); the docs test keeps every code the code base uses in the catalog.
 */
export function statusForCode(code: string): number {
  return isErrorCode(code) ? ERROR_CATALOG[code].status : 400;
}
