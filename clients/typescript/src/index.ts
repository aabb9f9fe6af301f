/**
 * Typed client of the Instant Payments Service: openapi-fetch over the types openapi-typescript
 * generates from openapi.json (`npm run client:generate` writes ./schema.d.ts). Every path, parameter,
 * body and answer (success and error) is checked by the compiler against the API's OpenAPI document.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** The API's schemas by name: `Schemas['CashOutCreatedResponse']`. */
export type Schemas = components['schemas'];

/** A client of every operation: `client.POST('/api/v1/pix/cash-out', { body, params })`. */
export type PaymentsClient = Client<paths>;

/** The error body every non-2xx answer carries (docs/conventions.md §3). */
export type ApiErrorBody = Schemas['ErrorResponseDto'];

export interface PaymentsClientOptions {
  /** Where the service runs, e.g. `http://localhost:3000` (paths start with /api/v1). */
  baseUrl: string;
  /** A bearer token, or a function that gives one before each request (to renew it before it expires). */
  token: string | (() => string | Promise<string>);
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof globalThis.fetch;
}

/** A client that sends `Authorization: Bearer <token>` on every request. */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const bearer: Middleware = {
    async onRequest({ request }) {
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}

export interface ApiKeyPair {
  /** `key_id` printed by the CLI's `key:create` (sent as `x-key-id`). */
  keyId: string;
  /** The secret shown once by `key:create` (sent as `x-secret-key`). */
  secretKey: string;
}

export interface BearerToken {
  token: string;
  /** Seconds the token lives (3600). */
  expiresIn: number;
}

/**
 * Exchanges an API key pair for a bearer token (POST /api/v1/auth/bearer-token). No `scopes`: every
 * scope of the key. Throws PaymentsApiError on a refusal (401 INVALID_CREDENTIALS, 400 INVALID_SCOPE, 429).
 */
export async function fetchBearerToken(
  options: { baseUrl: string; fetch?: typeof globalThis.fetch; scopes?: string[] } & ApiKeyPair,
): Promise<BearerToken> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const result = await client.POST('/api/v1/auth/bearer-token', {
    params: { header: { 'x-key-id': options.keyId, 'x-secret-key': options.secretKey } },
    body: options.scopes ? { scopes: options.scopes } : {},
  });
  const data = unwrap(result);
  return { token: data.token, expiresIn: data.expires_in };
}

/** A non-2xx answer: its status, stable `code` (docs/errors.md), message and request id. */
export class PaymentsApiError extends Error {
  readonly code: string | undefined;
  readonly requestId: string | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const error = isErrorBody(body) ? body : undefined;
    super(error ? `${status} ${error.error.code}: ${error.error.message}` : `HTTP ${status}`);
    this.name = 'PaymentsApiError';
    this.code = error?.error.code;
    this.requestId = error?.request_id;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'string';
}

/** The data of a successful answer, or a PaymentsApiError: `const charge = unwrap(await client.POST(...))`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new PaymentsApiError(result.response.status, result.error);
}

/** A fresh `X-Idempotency-Key` (a UUID): reuse it only to retry the same request (docs/conventions.md §5). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
