import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'supertest';
import { buildOpenApi } from '../../src/bootstrap.js';
import { CreateAdminUseCase } from '../../src/modules/identity/application/create-admin.use-case.js';
import { ADMIN_SCOPES, CLIENT_SCOPES } from '../../src/shared/auth/principal.js';
import { kindOf, newOwner, readMatrix, resourceKinds, type MatrixOperation, type ResourceKind } from '../support/access-matrix.js';
import { sampleValue } from '../support/openapi-sweep.js';
import { http, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** A key pair: its tokens are asked for with the scopes a check needs. */
interface Holder {
  keyId: string;
  secret: string;
}
interface Creds {
  bearer?: string;
  keyPair?: Holder;
}

/**
 * Who may call what, for every operation of the app's own OpenAPI document (an operation added later is
 * in the matrix with no edit): no credentials, a token without the operation's scope, the other kind of
 * principal, and another client's resource. Problems are collected, so one run lists every broken cell.
 */
describe('access-control matrix from the OpenAPI document (e2e)', () => {
  let app: NestExpressApplication;
  let receiver: WebhookReceiver;
  let doc: OpenAPIObject;
  let ops: MatrixOperation[];
  let kinds: Record<string, ResourceKind>;
  let b: TestClient;
  let admin: Holder;
  let problems: string[];
  /** Operation x rule cells checked, and requests made, for the size printed at the end. */
  const cells = new Set<string>();
  let requests = 0;

  const secured = () => ops.filter((op) => !op.public);

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    app = await startApp({
      rateLimitPerMinute: 100_000,
      lookupRateLimitPerMinute: 100_000,
      tokenRateLimitPerMinute: 100_000,
      webhookAllowPrivateNetworks: true,
      // A failed delivery waits minutes for its retry: it stays pending (resendable) while the matrix runs.
      webhookRetryScheduleMs: [600_000],
      webhookTimeoutMs: 1500,
    });
    doc = buildOpenApi(app);
    ops = readMatrix(doc);
    kinds = resourceKinds(app, receiver);
    b = await newClient(app, { name: 'Intruso Bisbilhoteiro' });
    const a = await app.get(CreateAdminUseCase).execute('Matrix Admin');
    admin = { keyId: a.key_id, secret: a.secret_key };
  });

  beforeEach(() => {
    problems = [];
  });

  afterAll(async () => {
    const rules = new Set([...cells].map((c) => c.split(' | ')[1]));
    console.log(
      `access matrix: ${ops.length} operations x ${rules.size} rules: ${cells.size} (operation, rule) cells checked, ${requests} requests`,
    );
    await app?.close();
    await receiver?.stop();
  });

  // ---- credentials ---------------------------------------------------------------------------------

  const tokens = new Map<string, Promise<string>>();
  /** A bearer token of `holder` narrowed to `scopes` (memoised). */
  const tokenWith = (holder: Holder, scopes: readonly string[]) => {
    const key = `${holder.keyId} ${[...scopes].sort().join(',')}`;
    if (!tokens.has(key)) tokens.set(key, tokenFor(app, holder.keyId, holder.secret, [...scopes]));
    return tokens.get(key)!;
  };
  const keyHolders = new Map<string, Promise<TestClient>>();
  /** A client whose API key holds exactly `scopes` (for the x-key-id/x-secret-key pair, which has no narrowing). */
  const clientWithKey = (scopes: readonly string[]) => {
    const key = [...scopes].sort().join(',');
    if (!keyHolders.has(key)) keyHolders.set(key, newClient(app, { scopes: [...scopes] }));
    return keyHolders.get(key)!;
  };
  const bearer = async (holder: Holder, scopes: readonly string[]): Promise<Creds> => ({ bearer: await tokenWith(holder, scopes) });

  // ---- calls and checks ------------------------------------------------------------------------------

  const defaultParam = (op: MatrixOperation, name: string) => {
    const schema = op.pathParams.find((p) => p.name === name)?.schema;
    return schema?.enum?.length ? String(schema.enum[0]) : randomUUID();
  };
  const pathOf = (op: MatrixOperation, params: Record<string, string> = {}) =>
    op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? defaultParam(op, name)));

  /**
   * Calls `op`; without a body when none is given (the guard answers before any validation). Every error
   * answer must be one the operation documents (status and `error.code`).
   */
  const call = async (op: MatrixOperation, creds: Creds, opts: { params?: Record<string, string>; body?: unknown } = {}) => {
    let req = http(app)[op.method](pathOf(op, opts.params));
    if (creds.bearer) req = req.set('Authorization', `Bearer ${creds.bearer}`);
    if (creds.keyPair) req = req.set('x-key-id', creds.keyPair.keyId).set('x-secret-key', creds.keyPair.secret);
    if (op.idempotent) req = req.set('X-Idempotency-Key', randomUUID());
    const res = opts.body === undefined ? await req : await req.send(opts.body as object);
    requests++;
    const code = (res.body as { error?: { code?: unknown } })?.error?.code;
    if (res.status >= 400 && !op.statuses.includes(String(res.status))) problems.push(`${op.name}: answered ${res.status}, not documented`);
    if (typeof code === 'string' && !op.errorCodes.includes(code)) problems.push(`${op.name}: answered ${code}, not in x-error-codes`);
    return res;
  };

  const show = (res: Response) => `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  /** The one error body (docs/adr/0024-unknown-routes-malformed-json-large-bodies.md): nothing more, nothing less. */
  const errorBodyOk = (res: Response) => {
    const body = res.body as { success?: unknown; error?: Record<string, unknown>; request_id?: unknown };
    return (
      body?.success === false &&
      Object.keys(body).sort().join() === 'error,request_id,success' &&
      typeof body.error?.code === 'string' &&
      typeof body.error.message === 'string' &&
      Object.keys(body.error).every((k) => ['code', 'message', 'details'].includes(k)) &&
      body.request_id === res.headers['x-request-id']
    );
  };
  const expectError = (cell: [MatrixOperation, string], what: string, res: Response, status: number, code?: string) => {
    cells.add(`${cell[0].name} | ${cell[1]}`);
    const body = res.body as { error?: { code?: string } };
    if (res.status !== status || !errorBodyOk(res) || (code !== undefined && body.error?.code !== code)) {
      problems.push(`${cell[0].name} ${what}: expected ${status}${code ? ` ${code}` : ''} with the error body, got ${show(res)}`);
    }
  };
  /** Past the guard: whatever the handler then says (404 for a random id, 400 for no body), it is not 401/403 or a 5xx. */
  const expectPastGuard = (cell: [MatrixOperation, string], what: string, res: Response) => {
    cells.add(`${cell[0].name} | ${cell[1]}`);
    if (res.status === 401 || res.status === 403 || res.status >= 500) problems.push(`${cell[0].name} ${what}: got ${show(res)}`);
  };

  // ---- the rules -------------------------------------------------------------------------------------

  it('reads every operation from the document: public ones have no security, the others declare known scopes', () => {
    expect(ops.length).toBeGreaterThan(30);
    // The matrix is not vacuous: each family of rules below has operations to run on.
    expect(ops.filter((op) => op.public).length).toBeGreaterThan(0);
    expect(ops.filter((op) => op.admin).length).toBeGreaterThan(0);
    expect(ops.filter((op) => op.apiKeyAuth).length).toBeGreaterThan(0);
    expect(ops.filter((op) => !op.public && !op.admin && op.pathParams.length > 0).length).toBeGreaterThan(10);
    for (const op of secured()) {
      const allowed: readonly string[] = op.admin ? ADMIN_SCOPES : CLIENT_SCOPES;
      const unknown = op.scopes.filter((s) => !allowed.includes(s));
      if (unknown.length) problems.push(`${op.name}: x-required-scopes ${unknown.join(', ')} not ${op.admin ? 'admin' : 'client'} scopes`);
      // Admin operations are exactly those under /admin and those needing an admin scope.
      if (op.admin !== op.template.startsWith('/api/v1/admin/')) problems.push(`${op.name}: admin scope outside /admin or the reverse`);
      if (op.admin && op.scopes.length === 0) problems.push(`${op.name}: an admin operation without a scope`);
    }
    for (const op of ops.filter((o) => o.public)) {
      if (op.admin || op.scopes.length) problems.push(`${op.name}: public, yet it declares scopes`);
    }
    expect(problems).toEqual([]);
  });

  it('401 without credentials (or with an API secret as the bearer) on every secured operation; public ones answer as documented', async () => {
    for (const op of ops) {
      if (op.public) {
        const res = await call(op, {});
        cells.add(`${op.name} | no credentials`);
        const needsKeyPair = op.requiredHeaders.includes('x-key-id') || op.requiredHeaders.includes('x-secret-key');
        if (needsKeyPair) {
          // Public by design but its credentials are the API-key headers (the token endpoint).
          expectError([op, 'no credentials'], 'without its API-key headers', res, 401, 'INVALID_CREDENTIALS');
          const body = op.body ? sampleValue(doc, op.body) : undefined;
          const withKeys = await call(op, { keyPair: b }, { body });
          if (withKeys.status >= 300) problems.push(`${op.name} with a valid key pair: ${show(withKeys)}`);
        } else if (res.status >= 300 || !op.statuses.includes(String(res.status))) {
          problems.push(`${op.name} (public) without credentials: expected a documented 2xx, got ${show(res)}`);
        }
        continue;
      }
      expectError([op, 'no credentials'], 'without credentials', await call(op, {}), 401, 'UNAUTHORIZED');
      expectError([op, 'no credentials'], 'with an API secret as the bearer', await call(op, { bearer: b.secret }), 401, 'INVALID_TOKEN');
      if (op.apiKeyAuth) {
        const wrong = { keyId: b.keyId, secret: `sk_${randomUUID()}` };
        expectError([op, 'no credentials'], 'with a wrong API secret', await call(op, { keyPair: wrong }), 401, 'INVALID_CREDENTIALS');
        const half = await http(app)[op.method](pathOf(op)).set('x-key-id', b.keyId);
        expectError([op, 'no credentials'], 'with x-key-id alone', half, 401, 'INVALID_CREDENTIALS');
      }
    }
    // Swagger UI and the JSON document are served outside the API's routes, to anyone, and the JSON is this document.
    const ui = await http(app).get('/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
    const json = await http(app).get('/docs-json');
    expect(json.status).toBe(200);
    expect(Object.keys(json.body.paths).sort()).toEqual(Object.keys(doc.paths).sort());
    expect(problems).toEqual([]);
  });

  it("403 INSUFFICIENT_SCOPE without the operation's scope; exactly x-required-scopes gets past the guard", async () => {
    for (const op of secured()) {
      const all: readonly string[] = op.admin ? ADMIN_SCOPES : CLIENT_SCOPES;
      const holder = op.admin ? admin : b;
      const cell: [MatrixOperation, string] = [op, 'scope'];
      const unrelated = all.find((s) => !op.scopes.includes(s))!;
      if (op.scopes.length > 0) {
        expectError(cell, `with only ${unrelated}`, await call(op, await bearer(holder, [unrelated])), 403, 'INSUFFICIENT_SCOPE');
      }
      for (const scope of op.scopes) {
        const allBut = all.filter((s) => s !== scope);
        expectError(cell, `with every scope but ${scope}`, await call(op, await bearer(holder, allBut)), 403, 'INSUFFICIENT_SCOPE');
        if (op.apiKeyAuth) {
          const keyPair = await clientWithKey(allBut);
          expectError(cell, `with a key pair lacking ${scope}`, await call(op, { keyPair }), 403, 'INSUFFICIENT_SCOPE');
        }
      }
      // No scope declared means any token of the right kind ("any client bearer token").
      const exact = op.scopes.length > 0 ? op.scopes : [unrelated];
      expectPastGuard(cell, `with exactly ${exact.join(' ')}`, await call(op, await bearer(holder, exact)));
      if (op.apiKeyAuth)
        expectPastGuard(cell, `with a key pair of ${exact.join(' ')}`, await call(op, { keyPair: await clientWithKey(exact) }));
    }
    expect(problems).toEqual([]);
  });

  it('403 FORBIDDEN for a client token on admin operations and an admin token (or key pair) on client operations', async () => {
    const clientToken = await bearer(b, CLIENT_SCOPES);
    const adminToken = await bearer(admin, ADMIN_SCOPES);
    for (const op of secured()) {
      const cell: [MatrixOperation, string] = [op, 'principal kind'];
      if (op.admin) {
        expectError(cell, 'with a client token', await call(op, clientToken), 403, 'FORBIDDEN');
        expectPastGuard(cell, 'with an admin token', await call(op, adminToken));
      } else {
        expectError(cell, 'with an admin token', await call(op, adminToken), 403, 'FORBIDDEN');
        if (op.apiKeyAuth) expectError(cell, 'with an admin key pair', await call(op, { keyPair: admin }), 403, 'FORBIDDEN');
        expectPastGuard(cell, 'with a client token', await call(op, clientToken));
      }
    }
    expect(problems).toEqual([]);
  });

  it('another client gets 404 for a resource it does not own, exactly as for a missing one, and it learns and changes nothing', async () => {
    const bAuth = await bearer(b, CLIENT_SCOPES);
    // Admin operations with ids act on any client's records by design: the rules above keep clients out of them.
    const tenancy = secured().filter((op) => !op.admin && op.pathParams.length > 0);
    for (const op of tenancy) {
      const kind = kindOf(op);
      const factory = kinds[kind];
      if (!factory) {
        problems.push(
          `${op.name}: operation missing from the matrix: no factory for the resource kind "${kind}" (test/support/access-matrix.ts)`,
        );
        continue;
      }
      const cell: [MatrixOperation, string] = [op, 'tenancy'];
      cells.add(`${op.name} | tenancy`);
      const owner = await newOwner(app);
      const made = await factory.create(owner);
      const ownerAuth = { bearer: owner.token };
      const balance = async () => (await http(app).get('/api/v1/pix/balance').set(owner.auth)).body.data as unknown;
      const state = async () => JSON.stringify({ resource: await made.read(), balance: await balance() });
      const before = await state();
      const body = op.body ? (factory.body?.(made) ?? sampleValue(doc, op.body)) : undefined;
      const at = { params: made.params, body };
      const ids = [made.id, owner.clientId, owner.accountId, owner.keyId, owner.document];
      const leaked = (res: Response, values: string[]) => values.filter((v) => JSON.stringify(res.body).includes(v));

      if (factory.filter) {
        const res = await call(op, bAuth, at);
        if (res.status !== 200 || leaked(res, [...ids, ...made.data]).length) problems.push(`${op.name} as B on A's filter: ${show(res)}`);
        const own = await call(op, ownerAuth, at);
        if (own.status !== 200 || !leaked(own, [made.id]).length) problems.push(`${op.name} as the owner does not list it: ${show(own)}`);
      } else if (factory.sharedLookups?.includes(op.method)) {
        // A directory look-up answers anyone, but with none of the holder's ids or full document.
        const res = await call(op, bAuth, at);
        const leaks = leaked(res, ids);
        if (res.status !== 200 || leaks.length) problems.push(`${op.name} as B (look-up): ${show(res)}; leaked ${leaks.join(', ')}`);
        const own = await call(op, ownerAuth, at);
        if (own.status !== 200 || !leaked(own, [made.id]).length) problems.push(`${op.name} as the owner lacks its ids: ${show(own)}`);
      } else {
        const res = await call(op, bAuth, at);
        expectError(cell, "as B on A's resource", res, 404);
        const leaks = leaked(res, [...ids, ...Object.values(made.params), owner.name, ...made.data]);
        if (leaks.length) problems.push(`${op.name}: B's 404 carries A's ${leaks.join(', ')}`);
        // Indistinguishable from a resource that does not exist: no existence oracle.
        const missing = await call(op, bAuth, { params: factory.missing(), body });
        expectError(cell, 'as B on a missing resource', missing, 404);
        if (JSON.stringify(res.body.error) !== JSON.stringify(missing.body.error)) {
          problems.push(
            `${op.name}: A's resource answers ${JSON.stringify(res.body.error)}, a missing one ${JSON.stringify(missing.body.error)}`,
          );
        }
        if (op.apiKeyAuth) expectError(cell, "with B's key pair on A's resource", await call(op, { keyPair: b }, at), 404);
      }

      const after = await state();
      if (after !== before) problems.push(`${op.name}: A's ${kind} changed after B's call:\n  before ${before}\n  after  ${after}`);
      if (!factory.filter && !factory.sharedLookups?.includes(op.method)) {
        // The owner's own call succeeds: the body and ids were valid, so B's 404 came from tenancy alone.
        const own = await call(op, ownerAuth, at);
        if (own.status >= 300) problems.push(`${op.name} as the owner: expected a 2xx, got ${show(own)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("a client's own token cannot reach admin operations on its own resources (approving its limit request), which stay as they were", async () => {
    // Admin operations whose ids name a kind of client resource; the others (fee rules by client id) are kept out by the rules above.
    const adminOnResources = secured().filter((op) => op.admin && op.pathParams.length > 0 && kinds[kindOf(op)]);
    expect(adminOnResources.length).toBeGreaterThan(0);
    for (const op of adminOnResources) {
      const owner = await newOwner(app);
      const made = await kinds[kindOf(op)]!.create(owner);
      const before = JSON.stringify(await made.read());
      const body = op.body ? sampleValue(doc, op.body) : undefined;
      const res = await call(op, { bearer: owner.token }, { params: made.params, body });
      expectError([op, 'admin on own resource'], "with the owner's token", res, 403, 'FORBIDDEN');
      const after = JSON.stringify(await made.read());
      if (after !== before) problems.push(`${op.name}: the owner's own call changed it:\n  before ${before}\n  after  ${after}`);
    }
    expect(problems).toEqual([]);
  });
});
