import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CATALOG, type ErrorCode } from '../errors/error-catalog.js';

/** Codes any operation can answer (a bug, an outage). */
const ALWAYS: ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
/**
 * Codes of every operation behind credentials (the guard, the rate limit). INSUFFICIENT_SCOPE too where no
 * scope is named (the transaction list): an API Pix token is refused with it everywhere
 * (docs/adr/0243-a-token-is-for-one-api.md).
 */
const AUTHENTICATED: ErrorCode[] = ['UNAUTHORIZED', 'INVALID_TOKEN', 'FORBIDDEN', 'INSUFFICIENT_SCOPE', 'RATE_LIMITED'];
/** Codes of every operation that reads a JSON body. */
const WITH_BODY: ErrorCode[] = ['VALIDATION_ERROR', 'MALFORMED_JSON', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
/** Codes of every operation with query or path parameters. */
const WITH_PARAMETERS: ErrorCode[] = ['VALIDATION_ERROR'];
/** Statuses whose answer says when to try again (docs/conventions.md §3). */
const RETRY_AFTER = new Set([429, 503]);

/** The `request_id` of every generated error example (any UUID; the real one echoes `X-Request-Id`). */
const EXAMPLE_REQUEST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

interface Operation {
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<string, unknown>;
  'x-error-codes'?: ErrorCode[];
  'x-required-scopes'?: string[];
}

/** The catalog's "when" (Markdown) as one plain sentence: the illustrative `message` of an example. */
export function exampleMessage(code: ErrorCode): string {
  const plain = ERROR_CATALOG[code].when.replace(/`/g, '').split(/; |\. /)[0]!;
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** One error body per code, as the API answers it (docs/conventions.md §3): the response examples of a status. */
export function errorExamples(codes: readonly ErrorCode[]): Record<string, { summary: string; value: unknown }> {
  return Object.fromEntries(
    codes.map((code) => {
      const error =
        code === 'VALIDATION_ERROR'
          ? { code, message: 'amount must be a decimal string', details: [{ field: 'amount', issue: 'amount must be a decimal string' }] }
          : { code, message: exampleMessage(code) };
      return [code, { summary: `${code}: ${exampleMessage(code)}`, value: { success: false, error, request_id: EXAMPLE_REQUEST_ID } }];
    }),
  );
}

/**
 * Completes each operation's error responses from the error catalog: its own codes (`@ApiErrors`) and
 * those its kind implies, grouped by status; each status's response is the shared error body with
 * `error.code` restricted to that status's codes, and one named example per code. `x-error-codes`
 * lists them all.
 */
export function addErrorResponses(doc: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const codes = new Set<ErrorCode>([...ALWAYS, ...(op['x-error-codes'] ?? [])]);
      const apiKey = op.security?.some((s) => 'apiKeyId' in s);
      if (op.security?.length) AUTHENTICATED.forEach((c) => codes.add(c));
      if (apiKey) codes.add('INVALID_CREDENTIALS');
      if (op.requestBody) WITH_BODY.forEach((c) => codes.add(c));
      if (op.parameters?.some((p) => p.in === 'query' || p.in === 'path')) WITH_PARAMETERS.forEach((c) => codes.add(c));
      // A status the operation answers with a body of its own (readiness's 503) carries no error code.
      const own = new Set(Object.keys(op.responses));
      const sorted = [...codes].filter((code) => !own.has(String(ERROR_CATALOG[code].status))).sort();
      op['x-error-codes'] = sorted;
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of sorted) {
        const status: number = ERROR_CATALOG[code].status;
        byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
      }
      for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
        op.responses[String(status)] = {
          description: `Error: ${list.join(', ')} (see docs/errors.md)`,
          ...(RETRY_AFTER.has(status)
            ? {
                headers: {
                  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: 30 } },
                },
              }
            : {}),
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorResponseDto' },
                  // Narrows `error.code` only; the other fields of `error` are the first branch's, so this
                  // branch must not forbid them (a validator applies each branch to `error` on its own).
                  {
                    type: 'object',
                    properties: {
                      error: { type: 'object', properties: { code: { type: 'string', enum: list } }, additionalProperties: true },
                    },
                  },
                ],
              },
              examples: errorExamples(list),
            },
          },
        };
      }
    }
  }
  return doc;
}
