import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildOpenApi } from '../../src/bootstrap.js';
import { calculateDueDateCharge } from '../../src/modules/cash-in/domain/due-date-charge.js';
import { validateDueDateTerms } from '../../src/modules/cash-in/domain/due-date-terms.js';
import { DueDateTerms } from '../../src/modules/cash-in/domain/due-date-terms.value-object.js';
import { ERROR_CATALOG, isErrorCode } from '../../src/shared/errors/error-catalog.js';
import { PLACEHOLDER_STRING } from '../../src/shared/http/openapi-document.js';
import { Money } from '../../src/shared/money/money.js';
import { http, newClient, startApp } from '../support/test-app.js';

interface Media {
  schema?: { allOf?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }[] };
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
/** A parameter, a media type or a header: a schema and its examples. */
interface Holder {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Parameter extends Holder {
  in: string;
  name: string;
  schema?: { enum?: unknown[] };
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media>; headers?: Record<string, Holder> }>;
  'x-required-scopes'?: string[];
  'x-error-codes'?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Operations that need no credentials; adding one is a security decision, so it must be added here. */
const PUBLIC = ['POST /api/v1/auth/bearer-token', 'GET /health', 'GET /health/ready'];
/** Probes take no input and no credentials: the only operations without a 4xx to document (redocly.yaml). */
const WITHOUT_4XX = ['GET /health', 'GET /health/ready'];

function operationsOf(doc: OpenAPIObject): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map(
      (m) => [`${m.toUpperCase()} ${path}`, (item as Record<string, Operation>)[m]!] as [string, Operation],
    ),
  );
}

/** The examples of a media type: its `example`, or the values of its named `examples`. */
function examplesOf(media: Media | undefined): unknown[] {
  if (!media) return [];
  if (media.example !== undefined) return [media.example];
  return Object.values(media.examples ?? {}).map((e) => e.value);
}

/** Paths of string leaves equal to the generator's placeholder (a property without an example). */
function placeholders(value: unknown, at = ''): string[] {
  if (value === PLACEHOLDER_STRING) return [at || '(root)'];
  if (Array.isArray(value)) return value.flatMap((v, i) => placeholders(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => placeholders(v, `${at}.${k}`));
  return [];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter could take this literal segment: an id is a UUID (`UuidParam`), an enum one of its values. */
function accepts(param: { name: string; schema?: { enum?: unknown[] } } | undefined, literal: string): boolean {
  if (param?.schema?.enum) return param.schema.enum.includes(literal);
  if (param && /(^|_)id$/.test(param.name)) return UUID.test(literal);
  return true;
}

/**
 * Redocly's no-ambiguous-paths, made exact: two templates of the same method that one request could
 * match, a parameter matching a literal segment only with a value it accepts.
 */
function ambiguous(a: [string, Operation], b: [string, Operation]): boolean {
  const [x, y] = [a[0].split('/'), b[0].split('/')];
  if (x.length !== y.length) return false;
  const param = (op: Operation, seg: string) => op.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === seg);
  return x.every((s, i) => {
    const t = y[i]!;
    const [sVar, tVar] = [/^{.+}$/.test(s), /^{.+}$/.test(t)];
    if (sVar && tVar) return true;
    if (sVar) return accepts(param(a[1], s), t);
    if (tVar) return accepts(param(b[1], t), s);
    return s === t;
  });
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schemas directly inside a schema, each with the step to it. */
function subschemas(s: Json): [string, Json][] {
  const out: [string, unknown][] = Object.entries(isJson(s.properties) ? s.properties : {}).map(([name, p]) => [`.${name}`, p]);
  out.push(['[]', s.items], ['{}', s.additionalProperties], ['.not', s.not]);
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach((sub, i) => out.push([`.${k}[${i}]`, sub]));
  return out.filter((e): e is [string, Json] => isJson(e[1]));
}

/** A schema and every schema inside it, each with its path. */
function schemasIn(s: unknown, at: string): [string, Json][] {
  return isJson(s) ? [[at, s], ...subschemas(s).flatMap(([step, sub]) => schemasIn(sub, at + step))] : [];
}

/** Each place an operation holds a schema and examples (parameter, body, response, header), named. */
function holdersOf(ops: [string, Operation][]): [string, Holder][] {
  return ops.flatMap(([name, op]) => [
    ...(op.parameters ?? []).map((p): [string, Holder] => [`${name} ${p.in} ${p.name}`, p]),
    ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]): [string, Holder] => [`${name} request ${type}`, m]),
    ...Object.entries(op.responses).flatMap(([status, r]) => [
      ...Object.entries(r.content ?? {}).map(([type, m]): [string, Holder] => [`${name} ${status} ${type}`, m]),
      ...Object.entries(r.headers ?? {}).map(([header, h]): [string, Holder] => [`${name} ${status} header ${header}`, h]),
    ]),
  ]);
}

/** Every schema of the document (components and operations), with its path. */
function allSchemas(doc: OpenAPIObject, ops: [string, Operation][]): [string, Json][] {
  return [
    ...Object.entries(doc.components?.schemas ?? {}).flatMap(([name, s]) => schemasIn(s, name)),
    ...holdersOf(ops).flatMap(([at, h]) => schemasIn(h.schema, at)),
  ];
}

/** Every example of the document with the schema it must satisfy: a holder's, and each schema's own. */
function examplesWithSchemas(doc: OpenAPIObject, ops: [string, Operation][]): { at: string; schema: unknown; value: unknown }[] {
  const ofHolders = holdersOf(ops).flatMap(([at, h]) => [
    ...(h.example === undefined ? [] : [{ at: `${at} example`, schema: h.schema, value: h.example }]),
    ...Object.entries(h.examples ?? {}).map(([name, e]) => ({ at: `${at} examples.${name}`, schema: h.schema, value: e.value })),
  ]);
  const ofSchemas = allSchemas(doc, ops)
    .filter(([, s]) => 'example' in s)
    .map(([at, s]) => ({ at: `${at} example`, schema: s, value: s.example }));
  return [...ofHolders, ...ofSchemas];
}

/** How many examples a document holds anywhere: each `example`, and each entry of an `examples` map. */
function exampleCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + exampleCount(v), 0);
  if (!isJson(value)) return 0;
  return Object.entries(value).reduce(
    (n, [k, v]) => n + (k === 'example' ? 1 : k === 'examples' && isJson(v) ? Object.keys(v).length : exampleCount(v)),
    0,
  );
}

/** The $id ajv knows the document's component schemas by: `#/components/schemas/X` is `openapi.json#/$defs/X`. */
const ROOT = 'openapi.json';

/**
 * An OpenAPI 3.0 schema as the JSON Schema ajv reads: `nullable: true` admits null, and refs point into
 * the registered components. OpenAPI-only keywords (`example`, `discriminator`, `x-*`) are left for ajv's
 * `strict: false` to ignore.
 */
function jsonSchemaOf(s: Json): Json {
  const { nullable, ...out } = s;
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace('#/components/schemas/', `${ROOT}#/$defs/`);
  if (isJson(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, p]) => [k, isJson(p) ? jsonSchemaOf(p) : p]));
  }
  for (const k of ['items', 'additionalProperties', 'not']) if (isJson(out[k])) out[k] = jsonSchemaOf(out[k]);
  for (const k of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(out[k])) out[k] = out[k].map((sub) => (isJson(sub) ? jsonSchemaOf(sub) : sub));
  if (nullable !== true) return out;
  if (typeof out.type !== 'string') return { anyOf: [out, { type: 'null' }] };
  return { ...out, type: [out.type, 'null'], ...(Array.isArray(out.enum) ? { enum: [...out.enum, null] } : {}) };
}

/** Checks a value against a schema of the document (refs resolved, formats checked): null, or what is wrong. */
function validatorOf(doc: OpenAPIObject): (schema: unknown, value: unknown) => string | null {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const defs = Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, jsonSchemaOf(s as Json)]);
  ajv.addSchema({ $id: ROOT, $defs: Object.fromEntries(defs) });
  const compiled = new Map<Json, ValidateFunction>();
  return (schema, value) => {
    if (!isJson(schema)) return 'no schema to check it against';
    const validate = compiled.get(schema) ?? ajv.compile(jsonSchemaOf(schema));
    compiled.set(schema, validate);
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'example' });
  };
}

/** Numbers of the API that are fractional by nature, each with why (money is a string; every other number is whole). */
const FRACTIONAL: Record<string, string> = {};

/** Whole numbers of the API: seconds, term and agent modes, counts, pages, offsets and HTTP statuses. */
const INTEGER_PROPERTIES: Record<string, string[]> = {
  BearerTokenResponse: ['expires_in'],
  // spec, Cash-in: expiration_time is an integer (docs/adr/0103-charge-expiry-bounds.md)
  CreateChargeRequest: ['expiration_time', 'withdraw_agent_mode'],
  PenaltyRequest: ['mode'],
  InterestRequest: ['mode'],
  DiscountRequest: ['mode'],
  RebateRequest: ['mode'],
  ChargeTermDto: ['mode'],
  DiscountDto: ['mode'],
  // spec, Transactions: limit and offset are integers
  TransactionPageDto: ['total', 'limit', 'offset'],
  // docs/adr/0224-the-charge-list.md: paged as the transaction list
  ChargePageDto: ['total', 'limit', 'offset'],
  MedPageDto: ['page', 'page_size', 'total'],
  DeliveryPageDto: ['page', 'page_size', 'total'],
  DeliveryDto: ['attempt_count', 'resend_count', 'last_http_status'],
  DeliveryDetailDto: ['attempt_count', 'resend_count', 'last_http_status'],
  AttemptDto: ['attempt', 'http_status', 'latency_ms'],
  LedgerVerificationDto: ['journals_checked', 'accounts_checked'],
};
const INTEGER_PARAMETERS: Record<string, string[]> = {
  // spec, Transactions: limit and offset are integers
  'GET /api/v1/transactions': ['limit', 'offset'],
  'GET /api/v1/pix/cash-in': ['limit', 'offset'],
  'GET /api/v1/pix/reversals': ['limit'],
  'GET /api/v1/pix/med/status/{status}': ['page', 'page_size'],
  'GET /api/v1/admin/limits/requests': ['limit', 'offset'],
  'GET /api/v1/webhooks/{id}/deliveries': ['page', 'page_size'],
};

/** The day of the document's examples (EXAMPLE_DATE of openapi-document.ts; the date inside their end_to_end_id). */
const EXAMPLE_DAY = '2026-03-10';

interface TermsExample {
  amount?: string | null;
  due_date?: string;
  penalty?: { mode: 1 | 2; value: string };
  interest?: { mode: 1 | 2 | 3 | 4; value: string };
  discount?: { mode: 1 | 2 | 3 | 4; value?: string; fixed_dates?: { date: string; value: string }[] };
  rebate?: { mode: 1 | 2; value: string };
  final_amount?: string;
}

/** What the service's own rules refuse in the due-date terms of an example (a charge made on EXAMPLE_DAY), and a final_amount it would not answer. */
function termsProblems(e: TermsExample): string[] {
  const terms = DueDateTerms.of({
    dueDate: e.due_date!,
    penalty: e.penalty,
    interest: e.interest,
    discount: e.discount && { mode: e.discount.mode, value: e.discount.value, fixedDates: e.discount.fixed_dates },
    rebate: e.rebate,
  });
  try {
    validateDueDateTerms(terms, Money.of(e.amount!), EXAMPLE_DAY);
  } catch (err) {
    return [JSON.stringify((err as { details?: unknown }).details ?? String(err))];
  }
  if (e.final_amount === undefined) return [];
  const due = calculateDueDateCharge(terms, Money.of(e.amount!), EXAMPLE_DAY).finalAmount.toFixed2();
  return due === e.final_amount ? [] : [`final_amount ${e.final_amount}, the service computes ${due}`];
}

describe('OpenAPI document quality (e2e)', () => {
  let app: NestExpressApplication;
  let doc: OpenAPIObject;
  let ops: [string, Operation][];
  const problems: string[] = [];

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    doc = buildOpenApi(app);
    ops = operationsOf(doc);
  });

  afterAll(() => app.close());

  beforeEach(() => {
    problems.length = 0;
  });

  it('describes the API: licence, servers, both security schemes, and every tag it uses', () => {
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['apiKeyId', 'apiKeySecret', 'bearer']);
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    for (const [name, op] of ops) {
      if (!op.tags?.length) problems.push(`${name}: no tag`);
      for (const tag of op.tags ?? []) if (!declared.get(tag)) problems.push(`${name}: tag "${tag}" not declared with a description`);
    }
    expect(problems).toEqual([]);
  });

  it('every operation has an operationId (unique, camelCase), a summary and a description of its own', () => {
    expect(ops.length).toBeGreaterThan(40);
    const ids = new Set<string>();
    for (const [name, op] of ops) {
      if (!op.operationId || !/^[a-z][A-Za-z0-9]+$/.test(op.operationId)) problems.push(`${name}: operationId ${op.operationId}`);
      else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} used twice`);
      ids.add(op.operationId ?? '');
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.description?.trim()) problems.push(`${name}: no description`);
      else if (op.description.trim() === op.summary?.trim()) problems.push(`${name}: the description repeats the summary`);
    }
    expect(problems).toEqual([]);
  });

  it('every operation declares its security: [] when public, else the bearer token (and the API-key pair where accepted)', () => {
    for (const [name, op] of ops) {
      if (!Array.isArray(op.security)) {
        problems.push(`${name}: no security declaration`);
        continue;
      }
      const isPublic = op.security.length === 0;
      if (isPublic !== PUBLIC.includes(name)) problems.push(`${name}: ${isPublic ? 'public' : 'secured'}, expected the opposite`);
      if (isPublic && op['x-required-scopes']?.length) problems.push(`${name}: public, yet it names scopes`);
      if (!isPublic && !op.security.some((s) => 'bearer' in s)) problems.push(`${name}: secured without the bearer scheme`);
      for (const requirement of op.security) {
        for (const scheme of Object.keys(requirement)) {
          if (!doc.components?.securitySchemes?.[scheme]) problems.push(`${name}: unknown security scheme ${scheme}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every operation has a 2xx response with an example, and a request example when it takes a body', () => {
    for (const [name, op] of ops) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) problems.push(`${name}: no 2xx response`);
      for (const [status, response] of success) {
        // JSON, or a file of each media type the operation documents (a statement's CSV and OFX).
        const examples = Object.values(response.content ?? {}).flatMap((media) => examplesOf(media));
        if (examples.length === 0) problems.push(`${name} ${status}: no example`);
        for (const e of examples) for (const p of placeholders(e)) problems.push(`${name} ${status}: ${p} has no example value`);
      }
      if (op.requestBody) {
        const examples = examplesOf(op.requestBody.content?.['application/json']);
        if (examples.length === 0) problems.push(`${name}: request body without an example`);
        for (const e of examples) for (const p of placeholders(e)) problems.push(`${name} request: ${p} has no example value`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every operation documents its error responses, each code with an example body of its own status', () => {
    for (const [name, op] of ops) {
      const statuses = Object.keys(op.responses).map(Number);
      if (!statuses.some((s) => s >= 500)) problems.push(`${name}: no 5xx response`);
      if (!WITHOUT_4XX.includes(name) && !statuses.some((s) => s >= 400 && s < 500)) problems.push(`${name}: no 4xx response`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/json'];
        if (examplesOf(media).length === 0) problems.push(`${name} ${status}: no example`);
        const listed = media?.schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum;
        if (!listed) continue; // a body of the operation's own (readiness's 503)
        expect(Object.keys(media?.examples ?? {}).sort()).toEqual([...listed].sort());
        for (const [code, example] of Object.entries(media?.examples ?? {})) {
          const body = example.value as { success?: unknown; error?: { code?: unknown; message?: unknown }; request_id?: unknown };
          const fits = isErrorCode(code) && String(ERROR_CATALOG[code].status) === status;
          if (!fits || body.success !== false || body.error?.code !== code || typeof body.error?.message !== 'string' || !body.request_id) {
            problems.push(`${name} ${status}: example ${code} is not an error body of this status`);
          }
        }
      }
      // x-error-codes and the responses agree both ways.
      for (const code of op['x-error-codes'] ?? []) {
        if (!isErrorCode(code) || !op.responses[String(ERROR_CATALOG[code].status)]) problems.push(`${name}: ${code} without a response`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('429 and 503 error responses say when to retry (Retry-After)', () => {
    let seen = 0;
    for (const [name, op] of ops) {
      for (const status of ['429', '503']) {
        const response = op.responses[status] as { headers?: Record<string, unknown>; content?: Record<string, Media> } | undefined;
        if (!response?.content?.['application/json']?.examples) continue; // readiness's own 503
        seen++;
        if (!response.headers?.['Retry-After']) problems.push(`${name} ${status}: no Retry-After header`);
      }
    }
    expect(seen).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it('no two paths can match one request of the same method (what redocly.yaml leaves to this test)', () => {
    const byMethod = new Map<string, [string, Operation][]>();
    for (const [name, op] of ops) {
      const [method, path] = name.split(' ') as [string, string];
      byMethod.set(method, [...(byMethod.get(method) ?? []), [path, op]]);
    }
    for (const [method, paths] of byMethod) {
      paths.forEach((a, i) => paths.slice(i + 1).forEach((b) => ambiguous(a, b) && problems.push(`${method} ${a[0]} and ${b[0]}`)));
    }
    expect(problems).toEqual([]);
    // Not vacuous: an id parameter that took any text would make GET /webhooks/{id}/deliveries and
    // GET /webhooks/deliveries/{delivery_id} both match GET /webhooks/deliveries/deliveries.
    const loose = (path: string): [string, Operation] => [path, { responses: {}, parameters: [{ in: 'path', name: 'x' }] }];
    expect(ambiguous(loose('/api/v1/webhooks/{x}/deliveries'), loose('/api/v1/webhooks/deliveries/{x}'))).toBe(true);
  });

  describe('strictness (what a generated client and a validator rely on)', () => {
    // As committed: without the `undefined`s the builder leaves.
    let json: OpenAPIObject;
    let jsonOps: [string, Operation][];
    const parameter = (op: string, name: string) => jsonOps.find(([n]) => n === op)?.[1].parameters?.find((p) => p.name === name)?.schema;

    beforeAll(() => {
      json = JSON.parse(JSON.stringify(doc)) as OpenAPIObject;
      jsonOps = operationsOf(json);
    });

    it('every example (bodies, responses, named examples, parameters, headers, schema properties) satisfies its schema', () => {
      const check = validatorOf(json);
      const examples = examplesWithSchemas(json, jsonOps);
      // None left out: as many as the document holds.
      expect(examples.length).toBe(exampleCount(json));
      expect(examples.length).toBeGreaterThan(500);
      for (const { at, schema, value } of examples) {
        const problem = check(schema, value);
        if (problem) problems.push(`${at}: ${problem}`);
      }
      expect(problems).toEqual([]);
      // Not vacuous: nullable, formats, enums and integers are checked.
      expect(check({ type: 'string', nullable: true }, null)).toBeNull();
      expect(check({ type: 'string' }, null)).not.toBeNull();
      expect(check({ type: 'string', format: 'uuid' }, 'not-a-uuid')).not.toBeNull();
      expect(check({ type: 'integer' }, 1.5)).not.toBeNull();
      expect(check({ $ref: '#/components/schemas/ChargeTermDto' }, { mode: 2 })).not.toBeNull();
    });

    it('whole numbers are `integer`: no schema is `number` unless FRACTIONAL says why', () => {
      for (const [schema, fields] of Object.entries(INTEGER_PROPERTIES)) {
        const properties = (json.components?.schemas?.[schema] as Json | undefined)?.properties as Record<string, Json> | undefined;
        for (const f of fields) if (properties?.[f]?.type !== 'integer') problems.push(`${schema}.${f}: ${String(properties?.[f]?.type)}`);
      }
      for (const [op, names] of Object.entries(INTEGER_PARAMETERS)) {
        for (const name of names) {
          const type = (parameter(op, name) as Json | undefined)?.type;
          if (type !== 'integer') problems.push(`${op} ${name}: ${String(type)}`);
        }
      }
      for (const [at, s] of allSchemas(json, jsonOps)) {
        if ([s.type].flat().includes('number') && !(at in FRACTIONAL))
          problems.push(`${at}: number (an integer? else add it to FRACTIONAL)`);
      }
      expect(problems).toEqual([]);
    });

    it('a body without a required field is optional, and the API takes none at all', async () => {
      for (const [name, op] of jsonOps) {
        if (!op.requestBody) continue;
        const ref = (op.requestBody.content?.['application/json']?.schema as Json | undefined)?.$ref as string | undefined;
        const schema = json.components?.schemas?.[ref?.replace('#/components/schemas/', '') ?? ''] as Json | undefined;
        const needed = ((schema?.required as string[] | undefined) ?? []).length > 0;
        if ((op.requestBody.required === true) !== needed) problems.push(`${name}: requestBody.required ${op.requestBody.required}`);
      }
      expect(problems).toEqual([]);
      const required = (op: string) => jsonOps.find(([n]) => n === op)?.[1].requestBody?.required;
      // spec, Authentication: `scopes` is optional; no body at all is valid
      expect(required('POST /api/v1/auth/bearer-token')).toBe(false);
      // spec, Pix keys: `reason` is optional (default USER_REQUESTED)
      expect(required('DELETE /api/v1/pix/keys/{key}')).toBe(false);
      // Neither answers 400 without a body: 401 without credentials, 404 for a key nobody holds.
      expect((await http(app).post('/api/v1/auth/bearer-token')).status).toBe(401);
      const c = await newClient(app);
      expect((await http(app).delete('/api/v1/pix/keys/nobody%40example.com').set(c.auth)).status).toBe(404);
    });

    it('list parameters state their bounds and defaults', () => {
      // spec, Transactions: limit 1 to 100, default 20; offset default 0
      expect(parameter('GET /api/v1/transactions', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(parameter('GET /api/v1/transactions', 'offset')).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
      // docs/adr/0142-med-list.md: page from 1 (default 1), page_size 1 to 100 (default 20)
      expect(parameter('GET /api/v1/pix/med/status/{status}', 'page')).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
      expect(parameter('GET /api/v1/pix/med/status/{status}', 'page_size')).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: 100,
        default: 20,
      });
      // docs/adr/0131-reversal-list.md: limit 1 to 100 (default 20)
      expect(parameter('GET /api/v1/pix/reversals', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      // docs/adr/0224-the-charge-list.md: the transaction list's bounds and defaults
      expect(parameter('GET /api/v1/pix/cash-in', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(parameter('GET /api/v1/pix/cash-in', 'offset')).toMatchObject({ type: 'integer', minimum: 0, maximum: 10_000, default: 0 });
    });

    it('the BR Code examples agree with the service: static codes carry no charge data, due-date terms pass its rules', () => {
      const operation = (op: string) => jsonOps.find(([n]) => n === op)?.[1];
      const decoded = examplesOf(operation('POST /api/v1/pix/qrcode/decode')?.responses['200']?.content?.['application/json']);
      const kinds = decoded.map((value) => {
        const e = value as TermsExample & { qr_code_type: string; txid?: string };
        // The presenter: a txid only from a fetched (dynamic) payload, due-date fields only from its terms.
        const charge = ['txid', 'due_date', 'penalty', 'interest', 'discount', 'rebate', 'final_amount'].filter((k) => k in e);
        if (e.qr_code_type === 'static' && charge.length) problems.push(`static example with ${charge.join(', ')}`);
        if (e.qr_code_type === 'dynamic' && !e.txid) problems.push('dynamic example without txid');
        if (e.due_date) problems.push(...termsProblems(e).map((p) => `decode example: ${p}`));
        return e.due_date ? 'due_date' : e.qr_code_type;
      });
      expect(kinds.sort()).toEqual(['due_date', 'dynamic', 'static']);
      const created = examplesOf(
        operation('POST /api/v1/pix/cash-in/qrcode')?.requestBody?.content?.['application/json'],
      ) as TermsExample[];
      for (const e of created.filter((e) => e.due_date)) problems.push(...termsProblems(e).map((p) => `charge example: ${p}`));
      expect(problems).toEqual([]);
    });
  });
});
