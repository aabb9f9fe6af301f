import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '../../src/bootstrap.js';
import { ERROR_CATALOG, isErrorCode } from '../../src/shared/errors/error-catalog.js';
import { PLACEHOLDER_STRING } from '../../src/shared/http/openapi-document.js';
import { startApp } from '../support/test-app.js';

interface Media {
  schema?: { allOf?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }[] };
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { enum?: unknown[] } }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
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
        const examples = examplesOf(response.content?.['application/json']);
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
});
