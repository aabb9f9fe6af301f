import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CATALOG, type ErrorCode } from '../errors/error-catalog.js';

/** Codes any operation can answer (a bug, an outage). */
const ALWAYS: ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
/** Codes of every operation behind credentials (the guard, the rate limit). */
const AUTHENTICATED: ErrorCode[] = ['UNAUTHORIZED', 'INVALID_TOKEN', 'FORBIDDEN', 'RATE_LIMITED'];
/** Codes of every operation that reads a JSON body. */
const WITH_BODY: ErrorCode[] = ['VALIDATION_ERROR', 'MALFORMED_JSON', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
/** Codes of every operation with query or path parameters. */
const WITH_PARAMETERS: ErrorCode[] = ['VALIDATION_ERROR'];

interface Operation {
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<string, unknown>;
  'x-error-codes'?: ErrorCode[];
  'x-required-scopes'?: string[];
}

/**
 * Completes each operation's error responses from the error catalog: its own codes (`@ApiErrors`) and
 * those its kind implies, grouped by status; each status's response is the shared error body with
 * `error.code` restricted to that status's codes. `x-error-codes` lists them all.
 */
export function addErrorResponses(doc: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const codes = new Set<ErrorCode>([...ALWAYS, ...(op['x-error-codes'] ?? [])]);
      const apiKey = op.security?.some((s) => 'apiKeyId' in s);
      if (op.security?.length) AUTHENTICATED.forEach((c) => codes.add(c));
      // Only an operation that names a scope can lack it (the transaction list needs none).
      if (op['x-required-scopes']?.length) codes.add('INSUFFICIENT_SCOPE');
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
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorResponseDto' },
                  { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: list } } } } },
                ],
              },
            },
          },
        };
      }
    }
  }
  return doc;
}
