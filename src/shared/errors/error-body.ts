import type { ErrorDetail } from './domain-error.js';
import type { ErrorCode } from './error-catalog.js';

/** The error body of docs/conventions.md §3, the same everywhere. */
export interface ErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
  request_id: string;
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]): ErrorBody {
  const error: ErrorBody['error'] = { code, message };
  if (details && details.length > 0) error.details = details;
  return { success: false, error, request_id: requestId };
}
