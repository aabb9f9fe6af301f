import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '../../src/bootstrap.js';
import { encodeBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { MAX_BODY_NODES } from '../../src/shared/http/body-shape.middleware.js';
import { randomCpf } from '../support/documents.js';
import {
  getAt,
  isAmountField,
  isStrict,
  leavesOf,
  lookAlikes,
  readOperations,
  sampleValue,
  setAt,
  withControls,
  withEdges,
  wrongTypes,
  type SweptOperation,
} from '../support/openapi-sweep.js';
import { bankDetails } from '../support/payments.js';
import { http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

type Body = Record<string, unknown>;
interface Answer {
  status: number;
  body: { success?: boolean; error?: { code?: unknown; details?: { field?: unknown }[] } };
}

/**
 * Every endpoint of the OpenAPI document gets hostile input. Two kinds of expectation:
 * - "refused": a 4xx with the error body (docs/conventions.md §3); for the operations below, whose valid
 *   body is known, exactly the status validation gives (400, or 413 for 2 MB), so the refusal is proven
 *   to come from the hostile part and not from something else missing;
 * - "survived": anything but a 5xx, and a 4xx carries the error body (a look-alike character in free
 *   text, for one, may be accepted).
 * Operations added later are swept too, with a body built from their schema and "refused" as any 4xx.
 */
describe('hostile input never makes a 5xx (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let other: TestClient;
  let admin: { auth: { Authorization: string } };
  let doc: OpenAPIObject;
  let ops: SweptOperation[];
  let problems: string[];

  /** Valid bodies per operation, and the status a valid body gets (404 where the path names no record). */
  const baselines = (): Record<string, { bodies: () => Body[]; status: number }> => ({
    'POST /api/v1/auth/bearer-token': { bodies: () => [{ scopes: ['pix:balance:read'] }], status: 200 },
    'POST /api/v1/pix/cash-out': {
      bodies: () => [
        {
          amount: '0.01',
          pix_key: 'sweep@example.com',
          pix_key_type: 'EMAIL',
          description: 'rent',
          reference: 'ref 1',
          external_id: `sweep ${randomUUID()}`,
          metadata: { order: '1' },
        },
        { amount: '0.01', ...bankDetails },
      ],
      status: 200,
    },
    'POST /api/v1/pix/qrcode/decode': {
      bodies: () => [
        {
          br_code: encodeBrCode({
            type: 'static',
            pixKey: 'joana@example.com',
            amount: '1.00',
            merchantName: 'Joana',
            merchantCity: 'RIO',
            txid: '***',
          }),
        },
      ],
      status: 200,
    },
    'POST /api/v1/pix/keys': {
      bodies: () => [{ key_type: 'EMAIL', key_value: `sweep-${randomUUID().slice(0, 8)}@example.com`, account_id: c.accountId }],
      status: 200,
    },
    'DELETE /api/v1/pix/keys/{key}': { bodies: () => [{ reason: 'USER_REQUESTED' }], status: 404 },
    'POST /api/v1/pix/limits/requests': {
      bodies: () => [{ type: 'pix_out', period: 'nighttime', requested_amount: '900.00', reason: 'rent', account_id: c.accountId }],
      status: 200,
    },
    'POST /api/v1/admin/limits/requests/{id}/approve': { bodies: () => [{}], status: 404 },
    'POST /api/v1/admin/limits/requests/{id}/reject': { bodies: () => [{ reason: 'no' }], status: 404 },
    'PUT /api/v1/admin/clients/{client_id}/fees/{transaction_type}': {
      bodies: () => [{ fixed_amount: '0.00', percent: '0' }],
      status: 200,
    },
    'POST /api/v1/sandbox/deposits': {
      bodies: () => [{ amount: '0.01', account_id: c.accountId, payer: { name: 'Joana', document: randomCpf() } }],
      status: 200,
    },
    'POST /api/v1/sandbox/cash-out/{id}/return': { bodies: () => [{ amount: '0.01' }], status: 404 },
  });

  const keyOf = (op: SweptOperation) => `${op.method.toUpperCase()} ${op.template}`;
  const known = (op: SweptOperation) => baselines()[keyOf(op)];
  const bodiesOf = (op: SweptOperation): Body[] => known(op)?.bodies() ?? [(op.body ? sampleValue(doc, op.body) : {}) as Body];
  /** A fresh valid body that has `path` (Flow 2 fields come with a Flow 2 body), else the first one. */
  const bodyWith = (op: SweptOperation, path: string[]): Body => {
    const bodies = bodiesOf(op);
    return bodies.find((b) => getAt(b, path) !== undefined) ?? bodies[0]!;
  };

  const PATH_VALUES: Record<string, () => string> = {
    client_id: () => other.clientId,
    transaction_type: () => 'cash_in',
    key: () => 'not-registered@example.com',
  };
  const pathOf = (op: SweptOperation, override: Record<string, string> = {}) =>
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? PATH_VALUES[name]?.() ?? randomUUID());

  const send = (op: SweptOperation, payload: string | undefined, opts: { path?: string; query?: Record<string, string> } = {}) => {
    let req = http(app)[op.method](opts.path ?? pathOf(op));
    req = op.apiKeyHeaders ? req.set('x-key-id', c.keyId).set('x-secret-key', c.secret) : req.set(op.admin ? admin.auth : c.auth);
    if (op.idempotent) req = req.set('X-Idempotency-Key', randomUUID());
    if (opts.query) req = req.query(opts.query);
    return payload === undefined ? req : req.set('Content-Type', 'application/json').send(payload);
  };

  const hasErrorBody = (res: Answer) => res.body?.success === false && typeof res.body.error?.code === 'string';
  const describeAnswer = (res: Answer) => `${res.status} ${JSON.stringify(res.body?.error?.code ?? null)}`;

  /** Records a problem unless the answer is a refusal (exactly `status` when given). */
  const refused = (what: string, res: Answer, status?: number) => {
    const ok = (status === undefined ? res.status >= 400 && res.status < 500 : res.status === status) && hasErrorBody(res);
    if (!ok) problems.push(`${what}: expected a refusal${status ? ` (${status})` : ''}, got ${describeAnswer(res)}`);
  };
  /** Records a problem unless the answer is a 400 VALIDATION_ERROR with a detail naming `field`. */
  const refusedNaming = (what: string, res: Answer, field: string) => {
    const named = (res.body?.error?.details ?? []).some((d) => d.field === field);
    if (res.status !== 400 || res.body?.error?.code !== 'VALIDATION_ERROR' || !named || !hasErrorBody(res))
      problems.push(
        `${what}: expected 400 VALIDATION_ERROR naming ${field}, got ${describeAnswer(res)} ${JSON.stringify(res.body?.error?.details)}`,
      );
  };
  /** Records a problem if the answer is a 5xx, or a 4xx without the error body. */
  const survived = (what: string, res: Answer) => {
    if (res.status >= 500 || (res.status >= 400 && !hasErrorBody(res))) problems.push(`${what}: got ${describeAnswer(res)}`);
  };

  beforeAll(async () => {
    app = await startApp({
      appRole: 'api',
      rateLimitPerMinute: 100_000,
      lookupRateLimitPerMinute: 100_000,
      tokenRateLimitPerMinute: 100_000,
    });
    c = await newClient(app, { balance: '100.00' });
    other = await newClient(app);
    admin = await newAdmin(app);
    doc = buildOpenApi(app);
    ops = readOperations(doc);
  });

  beforeEach(() => {
    problems = [];
  });

  afterAll(() => app.close());

  const bodyOps = () => ops.filter((op) => op.method !== 'get' && (op.method !== 'delete' || op.body));

  it('reads the operations from the OpenAPI document, and a valid body of each known one is accepted', async () => {
    expect(bodyOps().map(keyOf)).toEqual(expect.arrayContaining(Object.keys(baselines())));
    const fieldsOf = (key: string) => ops.find((op) => keyOf(op) === key)!.fields.map((f) => f.path.join('.'));
    expect(fieldsOf('POST /api/v1/pix/cash-out')).toEqual(
      expect.arrayContaining(['amount', 'pix_key', 'receiver_ispb', 'description', 'metadata']),
    );
    expect(fieldsOf('POST /api/v1/sandbox/deposits')).toEqual(expect.arrayContaining(['amount', 'payer', 'payer.name', 'payer.document']));
    for (const op of bodyOps().filter(known)) {
      for (const body of bodiesOf(op)) {
        const res = await send(op, JSON.stringify(body));
        if (res.status !== known(op)!.status) problems.push(`${keyOf(op)} baseline ${JSON.stringify(body)}: ${describeAnswer(res)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses hostile body shapes: 3,000 levels deep, too many keys, not an object, 2 MB', async () => {
    const deep = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    const deepInField = (field: string) => `{"${field}":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: MAX_BODY_NODES + 1 }, (_, i) => [`k${i}`, i])));
    for (const op of bodyOps()) {
      const name = keyOf(op);
      const base = bodiesOf(op)[0]!;
      const first = Object.keys(base)[0] ?? 'x';
      const cases: [string, string][] = [
        ['deep', deep],
        ['deep inside a field', deepInField(first)],
        ['too many keys', wide],
        ['array', JSON.stringify([base])],
        ['null', 'null'],
        ['string', '"text"'],
        ['number', '1e400'],
        ['truncated', JSON.stringify(base).slice(0, -1)],
        ['prototype keys', JSON.stringify({ ...base, ['__proto__']: { admin: true }, constructor: { prototype: { admin: true } } })],
      ];
      for (const [what, payload] of cases) refused(`${name} ${what}`, await send(op, payload), known(op) ? 400 : undefined);
      refused(`${name} 2 MB`, await send(op, JSON.stringify({ ...base, filler: 'x'.repeat(2 * 1024 * 1024) })), 413);
      survived(`${name} empty body`, await send(op, ''));
    }
    expect(problems).toEqual([]);
  });

  it('refuses a wrong JSON type (null included) in each field, and an unknown extra field', async () => {
    for (const op of bodyOps()) {
      const base = bodiesOf(op)[0]!;
      const status = known(op) ? 400 : undefined;
      for (const field of op.fields) {
        const name = `${keyOf(op)} ${field.path.join('.')}`;
        const sendWith = (path: string[], value: unknown) => send(op, JSON.stringify(setAt(bodyWith(op, field.path), path, value)));
        for (const wrong of wrongTypes(field.schema))
          refused(`${name} = ${JSON.stringify(wrong)}`, await sendWith(field.path, wrong), status);
        refused(`${name} = null`, await sendWith(field.path, null), status);
        if (field.path.length > 1) refused(`${name} unknown sibling`, await sendWith([field.path[0]!, 'surprise_field'], 'x'), status);
      }
      // An operation without a body schema ignores a body; one with a schema refuses what it does not name.
      if (op.body) refused(`${keyOf(op)} unknown field`, await send(op, JSON.stringify({ ...base, surprise_field: 'x' })), status);
    }
    expect(problems).toEqual([]);
  });

  it('refuses control characters, NUL and 100,000 characters in every string; look-alikes in strict fields', async () => {
    for (const op of bodyOps()) {
      const status = known(op) ? 400 : undefined;
      for (const field of op.fields) {
        const leaf = field.path[field.path.length - 1]!;
        const name = `${keyOf(op)} ${field.path.join('.')}`;
        const sendWith = (value: unknown) => send(op, JSON.stringify(setAt(bodyWith(op, field.path), field.path, value)));
        const current = getAt(bodyWith(op, field.path), field.path);
        const isList = field.schema.type === 'array';
        const seed = String((isList ? (current as unknown[] | undefined)?.[0] : current) ?? 'abc');
        const wrap = (v: unknown) => (isList ? [v] : v);

        if (field.schema.type === 'string' || (isList && field.schema.items?.type === 'string')) {
          for (const v of withControls(seed)) refused(`${name} control ${JSON.stringify(v)}`, await sendWith(wrap(v)), status);
          refused(`${name} NUL`, await sendWith(wrap(`${seed}\u0000`)), status);
          refused(`${name} 100,000 characters`, await sendWith(wrap('a'.repeat(100_000))), status);
          for (const v of lookAlikes(seed)) {
            const res = await sendWith(wrap(v));
            if (isStrict(leaf, field.schema)) refused(`${name} look-alike ${JSON.stringify(v)}`, res, status);
            else survived(`${name} look-alike ${JSON.stringify(v)}`, res);
          }
          for (const v of withEdges(seed)) survived(`${name} edges ${JSON.stringify(v)}`, await sendWith(wrap(v)));
        }
        if (isAmountField(leaf)) {
          // A fee's fixed part may be zero; an amount of money moved may not.
          const zero = leaf.startsWith('fixed_') ? [] : ['0', '0.00'];
          for (const v of ['99999999999999.99', '0.001', '-1.00', '+1.00', '1e3', '1,00', ' 1.00', '1.00 ', 'NaN', 'Infinity', ...zero]) {
            refused(`${name} ${JSON.stringify(v)}`, await sendWith(v), status);
          }
        }
        if (field.schema.type === 'object' && !field.schema.properties) {
          for (const v of [{ note: 'a\u0000b' }, { 'k\u0000': 'v' }, { deep: { deeper: ['x\u0000'] } }, { note: 'm'.repeat(100_000) }]) {
            refused(`${name} ${JSON.stringify(v).slice(0, 40)}`, await sendWith(v), status);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a lone surrogate in every string and every free-form object of every body, naming the field', async () => {
    // JSON.stringify writes a lone surrogate as the escape `\ud800`: jsonb refuses it, text would keep U+FFFD.
    const lone = ['\ud800', 'a\udfffb', '\udc00\ud800', '\ud83d'];
    let swept = 0;
    for (const op of bodyOps()) {
      for (const leaf of leavesOf(doc, op.body ?? undefined)) {
        const field = leaf.path.join('.');
        const name = `${keyOf(op)} ${field}`;
        const sendWith = (value: unknown) => send(op, JSON.stringify(setAt(bodyWith(op, leaf.path), leaf.path, value)));
        swept++;
        if (leaf.kind === 'string') {
          for (const v of lone) refusedNaming(`${name} = ${JSON.stringify(v)}`, await sendWith(v), field);
        } else {
          refusedNaming(`${name} value`, await sendWith({ note: '\ud800' }), `${field}.note`);
          refusedNaming(`${name} deep value`, await sendWith({ deep: { deeper: ['ok', 'x\udc00'] } }), `${field}.deep.deeper.1`);
          // A key is named by its object: the key itself is what cannot be written back.
          refusedNaming(`${name} key`, await sendWith({ 'k\ud800': 'v' }), field);
        }
      }
    }
    // An emoji (a well-formed pair) is fine where free text is.
    const cashOut = ops.find((op) => keyOf(op) === 'POST /api/v1/pix/cash-out')!;
    for (const body of [
      setAt(bodyWith(cashOut, ['description']), ['description'], 'pago \ud83d\ude00'),
      setAt(bodyWith(cashOut, ['metadata']), ['metadata'], { '\ud83d\ude00': '\ud83d\ude00' }),
    ]) {
      const res = await send(cashOut, JSON.stringify(body));
      if (res.status !== 200) problems.push(`emoji ${JSON.stringify(body)}: ${describeAnswer(res)}`);
    }
    expect(swept).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('refuses an amount that would overflow a balance with AMOUNT_TOO_LARGE, and leaves the balance as it was', async () => {
    // A balance holds 14 integer digits: ten of the largest deposits fit, the eleventh cannot.
    const rich = await newClient(app);
    const deposit = () => http(app).post('/api/v1/sandbox/deposits').set(rich.auth).send({ amount: '9999999999999.99' });
    for (let i = 0; i < 10; i++) expect((await deposit()).status).toBe(200);
    const before = (await http(app).get('/api/v1/pix/balance').set(rich.auth)).body.data;
    expect(before.available_balance).toBe('99999999999999.90');
    const over = await deposit();
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      success: false,
      error: { code: 'AMOUNT_TOO_LARGE', details: [expect.objectContaining({ field: 'amount' })] },
    });
    expect((await http(app).get('/api/v1/pix/balance').set(rich.auth)).body.data).toEqual(before);
    expect((await http(app).post('/api/v1/sandbox/deposits').set(rich.auth).send({ amount: '0.09' })).status).toBe(200);
    expect((await http(app).post('/api/v1/sandbox/deposits').set(rich.auth).send({ amount: '0.01' })).body.error.code).toBe(
      'AMOUNT_TOO_LARGE',
    );
  });

  it('refuses hostile numbers and values in query parameters, and an undeclared one', async () => {
    const lists = ops.filter((op) => op.method === 'get' && op.queryParams.length > 0);
    expect(lists.filter((op) => op.queryParams.some((p) => p.name === 'offset')).length).toBeGreaterThanOrEqual(2);
    for (const op of lists) {
      const name = keyOf(op);
      refused(`${name} undeclared page=NaN`, await send(op, undefined, { query: { page: 'NaN' } }), 400);
      for (const p of op.queryParams) {
        const s = p.schema ?? {};
        const at = (v: string) => send(op, undefined, { query: { [p.name]: v } });
        if (s.type === 'number' || s.type === 'integer') {
          const bounds = [s.minimum, s.maximum].filter((b): b is number => b !== undefined);
          const outside = bounds.length ? [String(bounds[0]! - 1), ...(bounds[1] !== undefined ? [String(bounds[1] + 1)] : [])] : [];
          for (const v of ['1e21', '-1', 'NaN', 'Infinity', '0x10', '1e400', '1.5', '１', ' 1', '', '9'.repeat(400), ...outside]) {
            refused(`${name} ${p.name}=${JSON.stringify(v)}`, await at(v), 400);
          }
        }
        if (s.format === 'date-time' || s.format === 'date') {
          // A `date` parameter (YYYY-MM-DD, a charge's due date) takes a day, a `date-time` one an instant.
          const validOf = (o: typeof p) => (o.schema?.format === 'date' ? '2026-03-10' : '2026-03-10T23:59:59Z');
          // The other date filters of the operation get a valid value, so a range check (date_from needs
          // date_to) cannot answer first: the refusal must come from this parameter's value.
          const others = Object.fromEntries(
            op.queryParams.filter((o) => o !== p && (o.schema?.format ?? '').startsWith('date')).map((o) => [o.name, validOf(o)]),
          );
          const withDate = (v: string) => send(op, undefined, { query: { ...others, [p.name]: v } });
          const valid = await withDate(validOf(p));
          if (valid.status !== 200) problems.push(`${name} ${p.name} valid ${s.format}: ${describeAnswer(valid)}`);
          // A leap second (RFC 3339 syntax allows second 60; a JS Date cannot hold it) and a day that does not exist;
          // for a day, also an instant and a year PostgreSQL's `date` does not have.
          const invalid =
            s.format === 'date'
              ? ['2026-02-30', '2026-02-29', '2026-13-01', '0000-01-01', '2026-3-10', '2026-03-10T00:00:00Z', '20260310']
              : ['2026-03-10T23:59:60Z', '2026-03-10T23:59:60.000Z', '2026-12-31T23:59:60+00:00', '2026-02-30T00:00:00Z'];
          for (const v of invalid) refusedNaming(`${name} ${p.name}=${v}`, await withDate(v), p.name);
          // The far ends of what RFC 3339 can write: accepted or refused, never a 500.
          const farEnds =
            s.format === 'date'
              ? ['0001-01-01', '9999-12-31']
              : ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00+23:59', '9999-12-31T23:59:59-23:59', '2026-03-10T12:00:00.123456789Z'];
          for (const v of farEnds) survived(`${name} ${p.name}=${v}`, await withDate(v));
        }
        if (s.enum || s.format)
          for (const v of lookAlikes(String(sampleValue(doc, s))))
            refused(`${name} ${p.name} look-alike ${JSON.stringify(v)}`, await at(v), 400);
        for (const v of ['a\u0000b', '\u0007', 'x'.repeat(5000), '%', '\u202e1'])
          survived(`${name} ${p.name}=${JSON.stringify(v.slice(0, 20))}`, await at(v));
        // Raw query strings: repeated, bracketed, and percent-encodings that are not UTF-8 or not encodings.
        for (const raw of [
          `${p.name}=1&${p.name}=2`,
          `${p.name}[]=1`,
          `${p.name}[a]=1`,
          `${p.name}=%ED%A0%80`,
          `${p.name}=%FF`,
          `${p.name}=%ZZ`,
        ]) {
          survived(`${name} ?${raw}`, await send(op, undefined, { path: `${pathOf(op)}?${raw}` }));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('survives hostile path parameters on every operation that has them', async () => {
    for (const op of ops.filter((o) => o.pathParams.length > 0)) {
      for (const p of op.pathParams) {
        for (const v of [
          '%00',
          'a'.repeat(3000),
          '%E2%80%AE1',
          '..%2F..%2Fhealth',
          '%ZZ',
          '1e21',
          '-1',
          '%F0%9F%98%80',
          encodeURIComponent('１２３'),
        ]) {
          const body = op.method === 'get' ? undefined : JSON.stringify(bodiesOf(op)[0]);
          survived(`${keyOf(op)} ${p.name}=${v.slice(0, 20)}`, await send(op, body, { path: pathOf(op, { [p.name]: v }) }));
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
