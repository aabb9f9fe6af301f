import { DomainError } from './domain-error.js';

interface ErrorLike {
  code?: string;
  message?: string;
  driverError?: unknown;
}

/**
 * PostgreSQL data exceptions that only input can cause, as the 400 they deserve: a sum past what a
 * numeric column holds (an amount that would overflow a balance), text longer than its column, and
 * characters PostgreSQL cannot store. The request validators refuse these first where they can; this is
 * the net under them, so hostile input never becomes a 500.
 */
export function inputRejection(err: unknown): DomainError | null {
  if (!err || typeof err !== 'object' || err instanceof DomainError) return null;
  const e = err as ErrorLike;
  const inner = (e.driverError && typeof e.driverError === 'object' ? e.driverError : e) as ErrorLike;
  switch (inner.code) {
    case '22003':
      return new DomainError('AMOUNT_TOO_LARGE', 'The amount would take a balance or a total beyond what an account can hold', [
        { field: 'amount', issue: 'too large' },
      ]);
    case '22001':
      return new DomainError('VALIDATION_ERROR', 'A text field is longer than allowed');
    case '22021':
    case '22P05':
      return new DomainError('VALIDATION_ERROR', 'The request contains characters that cannot be stored');
    default:
      return null;
  }
}
