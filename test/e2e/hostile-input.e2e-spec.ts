import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '../../src/bootstrap.js';
import { http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
}
interface Operation {
  method: 'post' | 'put' | 'patch';
  path: string;
  admin: boolean;
  fields: Record<string, Schema>;
}

/** Fields whose value follows a fixed syntax; a look-alike character there must be refused. */
const STRICT_NAMES = new Set(['amount', 'requested_amount', 'fixed_amount', 'percent', 'pix_key_type', 'key_type', 'type', 'period', 'reason', 'receiver_document', 'receiver_ispb', 'receiver_branch', 'receiver_account', 'receiver_account_type', 'br_code', 'account_id']);

function resolve(doc: OpenAPIObject, s: Schema | undefined): Schema {
  if (!s) return {};
  if (s.$ref) return resolve(doc, (doc.components?.schemas as Record<string, Schema>)[s.$ref.split('/').pop()!]);
  if (s.allOf?.length === 1) return resolve(doc, s.allOf[0]);
  return s;
}

/** Every operation with a JSON body in the OpenAPI document (endpoints added later are swept too). */
function bodyOperations(doc: OpenAPIObject): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'patch'] as const) {
      const op = (item as Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined>)[method];
      if (!op) continue;
      const schema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
      ops.push({
        method,
        path: template.replace(/\{[^}]+\}/g, () => randomUUID()),
        admin: template.startsWith('/api/v1/admin/'),
        fields: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, resolve(doc, v)])),
      });
    }
  }
  return ops;
}

/** A value of the wrong JSON type for a field of this schema. */
function wrongType(s: Schema): unknown {
  switch (s.type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'abc';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return [[]];
  }
}

describe('hostile input never makes a 5xx (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let admin: { auth: { Authorization: string } };
  let ops: Operation[];

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    c = await newClient(app, { balance: '10.00' });
    admin = await newAdmin(app);
    ops = bodyOperations(buildOpenApi(app));
  });

  afterAll(() => app.close());

  const send = (op: Operation, body: string) =>
    http(app)[op.method](op.path)
      .set(op.admin ? admin.auth : c.auth)
      .set('x-key-id', c.keyId)
      .set('x-secret-key', c.secret)
      .set('X-Idempotency-Key', randomUUID())
      .set('Content-Type', 'application/json')
      .send(body);

  /** A 4xx with the error body; `refused` cases must not succeed either. */
  const expectRefused = (what: string, res: { status: number; body: { success?: boolean; error?: { code?: string } } }) => {
    expect({ what, status: res.status < 500 && res.status >= 400 ? '4xx' : res.status }).toEqual({ what, status: '4xx' });
    expect({ what, body: res.body.success === false && typeof res.body.error?.code === 'string' }).toEqual({ what, body: true });
  };

  it('finds the operations with a body in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThanOrEqual(10);
    expect(ops.map((o) => o.path)).toEqual(expect.arrayContaining(['/api/v1/pix/cash-out', '/api/v1/pix/qrcode/decode', '/api/v1/pix/keys']));
  });

  it('refuses a body nested 3,000 levels deep, a JSON array, a JSON null, and 2 MB', async () => {
    const deep = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    for (const op of ops) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      expectRefused(`${name} deep`, await send(op, deep));
      expectRefused(`${name} array`, await send(op, '[{"amount":"1.00"}]'));
      expectRefused(`${name} null`, await send(op, 'null'));
      const big = await send(op, JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }));
      expectRefused(`${name} 2MB`, big);
      expect(big.status).toBe(413);
    }
  });

  it('refuses a wrong JSON type in each field, and an unknown extra field', async () => {
    for (const op of ops) {
      for (const [field, schema] of Object.entries(op.fields)) {
        expectRefused(`${op.path} ${field} wrong type`, await send(op, JSON.stringify({ [field]: wrongType(schema) })));
      }
      expectRefused(`${op.path} unknown field`, await send(op, JSON.stringify({ surprise_field: 'x' })));
    }
  });

  it('refuses look-alike Unicode and control characters in strict fields, NUL anywhere, and 100,000-character strings', async () => {
    for (const op of ops) {
      for (const [field, schema] of Object.entries(op.fields)) {
        const strict = STRICT_NAMES.has(field) || schema.enum !== undefined || schema.pattern !== undefined || schema.format !== undefined;
        if (schema.type === 'string') {
          if (strict) {
            for (const lookalike of ['１００.００', 'EMAIL\u200b', 'Ｅ', '1.00\u0007', '\u202e00.1']) {
              expectRefused(`${op.path} ${field} look-alike ${JSON.stringify(lookalike)}`, await send(op, JSON.stringify({ [field]: lookalike })));
            }
          }
          expectRefused(`${op.path} ${field} NUL`, await send(op, JSON.stringify({ [field]: 'abc\u0000def' })));
          expectRefused(`${op.path} ${field} 100k`, await send(op, JSON.stringify({ [field]: 'a'.repeat(100_000) })));
        }
        if (schema.type === 'object') {
          expectRefused(`${op.path} ${field} NUL in object`, await send(op, JSON.stringify({ [field]: { note: 'a\u0000b' } })));
        }
      }
    }
  });

  it('refuses NUL in free text and metadata even when every other field is valid', async () => {
    const pay = (extra: object) =>
      http(app).post('/api/v1/pix/cash-out').set(c.auth).send({ amount: '1.00', pix_key: 'nul@example.com', pix_key_type: 'EMAIL', ...extra });
    for (const extra of [{ description: 'rent\u0000' }, { reference: 'r\u0000' }, { metadata: { note: 'x\u0000' } }, { metadata: { 'k\u0000': 'v' } }]) {
      expectRefused(JSON.stringify(extra), await pay(extra));
    }
    expectRefused('description 100k', await pay({ description: 'd'.repeat(100_000) }));
    expectRefused('metadata 100k', await pay({ metadata: { note: 'm'.repeat(100_000) } }));
  });

  it('refuses an amount that would overflow a balance with a 4xx, and leaves the balance as it was', async () => {
    // A balance holds 14 integer digits: ten of the largest deposits fit, the eleventh cannot.
    const rich = await newClient(app);
    const deposit = () => http(app).post('/api/v1/sandbox/deposits').set(rich.auth).send({ amount: '9999999999999.99' });
    for (let i = 0; i < 10; i++) expect((await deposit()).status).toBe(200);
    const before = (await http(app).get('/api/v1/pix/balance').set(rich.auth)).body.data.available_balance;
    const over = await deposit();
    expectRefused('overflowing deposit', over);
    expect(over.body.error.code).toBe('AMOUNT_TOO_LARGE');
    expect((await http(app).get('/api/v1/pix/balance').set(rich.auth)).body.data.available_balance).toBe(before);
  });

  it('refuses hostile numbers in list queries', async () => {
    const doc = buildOpenApi(app);
    const lists = Object.entries(doc.paths).filter(([, item]) =>
      ((item as { get?: { parameters?: { name: string; in: string }[] } }).get?.parameters ?? []).some((p) => p.in === 'query' && ['limit', 'offset', 'page'].includes(p.name)),
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const [template] of lists) {
      const path = template.replace(/\{[^}]+\}/g, () => randomUUID());
      const auth = template.startsWith('/api/v1/admin/') ? admin.auth : c.auth;
      for (const query of [{ offset: '1e21' }, { limit: '-1' }, { page: 'NaN' }, { limit: '1e400' }, { offset: '0x10' }]) {
        const res = await http(app).get(path).query(query).set(auth);
        expectRefused(`${template} ${JSON.stringify(query)}`, res);
      }
    }
  });
});
