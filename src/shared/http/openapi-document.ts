import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorResponseDto } from './api-docs.js';
import { addErrorResponses } from './error-responses.js';

/** Every tag an operation uses, in the order the Swagger UI and Redoc show them. */
export const API_TAGS: readonly { name: string; description: string }[] = [
  { name: 'Authentication', description: 'Exchange an API key pair (`x-key-id` + `x-secret-key`) for a one-hour bearer token.' },
  { name: 'Balance', description: 'Available, blocked and total balance of your accounts.' },
  { name: 'Transactions', description: 'Every money movement of yours (any kind), with its ledger entries.' },
  {
    name: 'Statements',
    description: 'Account statements for a period of São Paulo days, as CSV or OFX files, with the running balance.',
  },
  {
    name: 'Cash-in',
    description: 'Charges: dynamic BR Codes (immediate or with a due date) another payer pays; their status and cancellation.',
  },
  { name: 'Cash-out', description: 'Pix payments out: by key (Flow 1), bank details (Flow 2) or a decoded QR code (Flow 3).' },
  { name: 'QR code', description: 'BR Code decoding (static and dynamic); a decode is what a Flow 3 cash-out pays.' },
  { name: 'Pix keys', description: 'Register, list, look up and delete Pix keys (DICT directory, anti-scan rate limited).' },
  { name: 'P2P', description: 'Find another client of this service and pay them at once, on-us.' },
  { name: 'Limits', description: 'Pix limits per type and period, and requests to change a cap (an administrator decides).' },
  { name: 'Reversals', description: 'Refunds of payments you received (cash_in, p2p_in), within 90 days.' },
  { name: 'MED', description: 'Special return mechanism (MED) requests against payments you received, and your answers.' },
  { name: 'Webhooks', description: 'HTTPS subscriptions to your events (Standard Webhooks signatures), and their delivery log.' },
  {
    name: 'Sandbox',
    description: 'Simulations of the outside world (deposits, external payers, returns, MED); only with PIX_PROVIDER=sandbox.',
  },
  { name: 'Admin', description: 'Operator endpoints (admin tokens only): limit requests, fee schedules, ledger verification.' },
  { name: 'Health', description: 'Liveness and readiness probes; no credentials.' },
];

/** Fixed values of generated examples, so the committed document is stable. */
const EXAMPLE_UUID = '3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a36';
const EXAMPLE_DATE_TIME = '2026-03-10T15:00:00.000Z';
const EXAMPLE_DATE = '2026-03-10';
/** What a string without example, enum or known format becomes; the OpenAPI test refuses it. */
export const PLACEHOLDER_STRING = 'string';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, unknown>;
}

interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
  'x-public'?: boolean;
}

/** `operationId` of an operation without one of its own: `HealthController.live` -> `healthLive`. */
export function operationIdOf(controllerKey: string, methodKey: string): string {
  const base = controllerKey.replace(/Controller$/, '');
  return `${base.charAt(0).toLowerCase()}${base.slice(1)}${methodKey.charAt(0).toUpperCase()}${methodKey.slice(1)}`;
}

/**
 * An example value for a schema, built from the `example` of each property (DTO `@ApiProperty`), and
 * from the type or format where there is none. `required` only: optional properties are left out (a
 * request example then stays one valid choice among the flows a body allows).
 */
export function exampleOf(doc: OpenAPIObject, schema: Schema | undefined, opts: { requiredOnly: boolean }, depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) return exampleOf(doc, resolve(doc, schema.$ref), opts, depth + 1);
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => exampleOf(doc, s, opts, depth + 1));
    return parts.every((p) => isObject(p)) ? Object.assign({}, ...parts) : parts.find((p) => p !== undefined);
  }
  const first = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (first) return exampleOf(doc, first, opts, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'array') {
    const item = exampleOf(doc, schema.items, opts, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      if (opts.requiredOnly && !schema.required?.includes(name)) continue;
      const value = exampleOf(doc, property, opts, depth + 1);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  if (schema.type === 'object') return {};
  switch (schema.format) {
    case 'uuid':
      return EXAMPLE_UUID;
    case 'date-time':
      return EXAMPLE_DATE_TIME;
    case 'date':
      return EXAMPLE_DATE;
  }
  if (schema.nullable) return null;
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'string':
      return PLACEHOLDER_STRING;
  }
  return undefined;
}

/**
 * A request body's example: its required properties (one valid choice among the flows a body allows);
 * for a body whose properties are all optional, those that state an example or a default.
 */
export function requestExampleOf(doc: OpenAPIObject, schema: Schema | undefined): unknown {
  const minimal = exampleOf(doc, schema, { requiredOnly: true });
  if (!isObject(minimal) || Object.keys(minimal).length > 0) return minimal;
  const own = schema?.$ref ? resolve(doc, schema.$ref) : schema;
  const stated = Object.entries(own?.properties ?? {})
    .map(([name, p]) => [name, p.example ?? p.default] as const)
    .filter(([, value]) => value !== undefined);
  return Object.fromEntries(stated);
}

function resolve(doc: OpenAPIObject, ref: string): Schema | undefined {
  const name = ref.replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name] as Schema | undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Each operation with its `method path` key. */
function operations(doc: OpenAPIObject): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map(
      (m) => [`${m} ${path}`, (item as Record<string, Operation>)[m]!] as [string, Operation],
    ),
  );
}

/**
 * What every operation must carry beyond what the decorators give: `security: []` on public ones
 * (marked by `Public()`), the error responses of the catalog with one example per code, and an example
 * on each request body and each response that has none (derived from the DTOs' examples).
 */
export function completeOpenApi(doc: OpenAPIObject): OpenAPIObject {
  for (const [, op] of operations(doc)) {
    if (op['x-public']) {
      op.security = [];
      delete op['x-public'];
    }
  }
  addErrorResponses(doc);
  for (const [, op] of operations(doc)) {
    for (const media of Object.values(op.requestBody?.content ?? {})) {
      if (media.example === undefined && !media.examples) media.example = requestExampleOf(doc, media.schema);
    }
    for (const response of Object.values(op.responses)) {
      for (const media of Object.values(response.content ?? {})) {
        if (media.example !== undefined || media.examples) continue;
        media.example = exampleOf(doc, media.schema, { requiredOnly: false });
      }
    }
  }
  if (doc.info.contact && Object.keys(doc.info.contact).length === 0) delete doc.info.contact;
  return doc;
}

/** The OpenAPI document of the running app (served at /docs-json, committed as openapi.json). */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Instant Payments Service')
    .setDescription(
      'Pix account-holder API: charges, payments, keys, balances, limits, refunds, MED, P2P and webhooks. ' +
        'Errors share one body (see ErrorResponseDto); each operation lists its error codes under x-error-codes ' +
        'and its scope under x-required-scopes. Conventions: docs/conventions.md; every error code: docs/errors.md.',
    )
    .setVersion('1.0.0')
    .addServer('/', 'The host serving this document (Swagger UI at /docs, this document at /docs-json)')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'Token from POST /api/v1/auth/bearer-token. A token of API Pix (POST /api-pix/oauth/token) is for /api-pix only: refused here with 403 INSUFFICIENT_SCOPE',
      },
      'bearer',
    )
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-key-id', description: 'API key id (with x-secret-key)' }, 'apiKeyId')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-secret-key', description: 'API key secret (with x-key-id)' }, 'apiKeySecret');
  for (const tag of API_TAGS) builder.addTag(tag.name, tag.description);
  const config = builder.build();
  // Proprietary (package.json: UNLICENSED): a name, and no licence text to link to (see redocly.yaml).
  config.info.license = { name: 'UNLICENSED (proprietary; all rights reserved)' };
  const doc = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorResponseDto],
    operationIdFactory: operationIdOf,
  });
  return completeOpenApi(doc);
}
