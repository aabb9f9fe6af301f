import type { IncomingMessage } from 'node:http';

type RequestWithPrincipal = IncomingMessage & { principal?: { id: string } };

/**
 * The fields of a request's completion line, for pino-http's `customSuccessObject` and `customErrorObject`:
 * the caller's id once the guard has named it, then pino-http's own (`res`, `responseTime`, and `err` for
 * a failure). Written into the line itself rather than bound with `customProps`, which makes pino-http
 * build a child logger at the start of every request and another one at its end; the line is the same
 * (`principal` right after the request's bindings, absent when nobody authenticated).
 */
export function completionFields(req: IncomingMessage, fields: Record<string, unknown>): Record<string, unknown> {
  const principal = (req as RequestWithPrincipal).principal?.id;
  return principal === undefined ? fields : { principal, ...fields };
}
