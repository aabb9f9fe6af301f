import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'supertest';
import { AUTH_POLICY, type AuthPolicy } from '../../src/shared/auth/auth.decorators.js';
import { ADMIN_SCOPES } from '../../src/shared/auth/principal.js';
import { readMatrix, type MatrixOperation } from '../support/access-matrix.js';
import { apiPixDocument } from '../support/api-pix-conformance.js';
import { http, newAdminWithKey, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';
/** Any path parameter: letters and digits of a txid's length (the guard answers before any parameter is read). */
const PARAM = 'abcdefghijklmnopqrstuvwxyz0123';

interface SpecOperation {
  name: string;
  method: 'get' | 'put' | 'post' | 'patch' | 'delete';
  path: string;
  scopes: string[];
}

/** `/cob/{txid}` and `api-pix/v2/cob/:txid` alike: the parameters' names do not matter, only where they are. */
const shape = (path: string) =>
  path
    .replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, '{}')
    .replace(/\/+/g, '/')
    .replace(/\/$/, '');

/** The operations of API Pix's specification (the conformance tests' reading of it) that declare a security requirement. */
function apiPixOperations(): SpecOperation[] {
  const doc = apiPixDocument() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
  const ops: SpecOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op?.security?.length) continue;
      ops.push({
        name: `${method.toUpperCase()} ${template}`,
        method,
        path: `/api-pix/v2${template.replace(/\{[^}]+\}/g, PARAM)}`,
        scopes: op.security.flatMap((s) => Object.values(s).flat()),
      });
    }
  }
  return ops;
}

/** Every route the app serves, with its auth policy, read from the controllers' metadata as Nest routes them. */
function servedRoutes(app: NestExpressApplication): { name: string; policy: AuthPolicy | undefined }[] {
  const routes: { name: string; policy: AuthPolicy | undefined }[] = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const { metatype } of mod.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const proto = metatype.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = proto[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const policy = (Reflect.getMetadata(AUTH_POLICY, handler) ?? Reflect.getMetadata(AUTH_POLICY, metatype)) as AuthPolicy | undefined;
        routes.push({ name: `${method} ${shape(`/${base}/${path}`)}`, policy });
      }
    }
  }
  return routes;
}

/**
 * Each API takes its own tokens only (docs/adr/0243-a-token-is-for-one-api.md): a token of API Pix's token
 * endpoint is refused on every operation of the client API's OpenAPI document, and a token of
 * `POST /api/v1/auth/bearer-token` (client or admin) on every operation of API Pix's specification; each API's
 * own token gets past the guard. The operations are read from the documents (the served `/docs-json`, and the
 * specification as the conformance tests read it); those without a security requirement are left out by it.
 */
describe('a token is for one API: client API and API Pix tokens, across every operation of both documents (e2e)', () => {
  let app: NestExpressApplication;
  let doc: OpenAPIObject;
  let client: TestClient;
  /** API Pix tokens: every API Pix scope the key allows, and `webhook.read` alone (the issue's case). */
  let apiPixAll: string;
  let apiPixWebhookRead: string;
  let adminToken: string;
  let problems: string[];

  const apiPixToken = async (scope?: string) => {
    const res = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', `Basic ${Buffer.from(`${client.keyId}:${client.secret}`).toString('base64')}`)
      .send(`grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`);
    if (res.status !== 200) throw new Error(`API Pix token: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  const show = (res: Response) => `${res.status} ${res.text.slice(0, 300)}`;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', rateLimitPerMinute: 100_000, tokenRateLimitPerMinute: 100_000 });
    client = await newClient(app, { balance: '50.00' });
    apiPixAll = await apiPixToken();
    apiPixWebhookRead = await apiPixToken('webhook.read');
    const admin = await newAdminWithKey(app);
    adminToken = await tokenFor(app, admin.keyId, admin.secret, [...ADMIN_SCOPES]);
    doc = (await http(app).get('/docs-json')).body as OpenAPIObject;
  });

  beforeEach(() => {
    problems = [];
  });

  afterAll(() => app.close());

  describe('the client API (/api/v1, every secured operation of /docs-json)', () => {
    const secured = () => readMatrix(doc).filter((op) => !op.public);
    const call = (op: MatrixOperation, token: string) =>
      http(app)
        [op.method](op.template.replace(/\{[^}]+\}/g, PARAM))
        .set('Authorization', `Bearer ${token}`);

    it('the issue: an API Pix token holding webhook.read alone lists no movement at GET /api/v1/transactions', async () => {
      const deposit = await http(app).post('/api/v1/sandbox/deposits').set(client.auth).send({ amount: '12.34' });
      expect(deposit.status).toBeLessThan(300);
      const id = deposit.body.data.transaction_id as string;
      for (const path of ['/api/v1/transactions', `/api/v1/transactions/${id}`]) {
        const res = await http(app).get(path).set('Authorization', `Bearer ${apiPixWebhookRead}`);
        // Ours (docs/adr/0243-a-token-is-for-one-api.md): an API Pix token holds none of the client API's scopes, answered as
        // docs/conventions.md §2 answers a valid token without the endpoint's scope: 403 INSUFFICIENT_SCOPE.
        expect([res.status, res.body.error?.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
        expect(res.text).not.toContain(id);
        // The client's own client API token reads it (docs/conventions.md §2: any valid client bearer token).
        expect((await http(app).get(path).set(client.auth)).status).toBe(200);
      }
    });

    it('an API Pix token is 403 INSUFFICIENT_SCOPE with the error body on every one, as each documents', async () => {
      const ops = secured();
      expect(ops.length).toBeGreaterThan(30);
      for (const op of ops) {
        for (const [label, token] of [
          ['every API Pix scope', apiPixAll],
          ['webhook.read', apiPixWebhookRead],
        ] as const) {
          const res = await call(op, token);
          const body = res.body as { success?: unknown; error?: { code?: unknown; message?: unknown }; request_id?: unknown };
          // docs/conventions.md §3: the one error body, its request_id the X-Request-Id header.
          const errorBody =
            body?.success === false &&
            Object.keys(body).sort().join() === 'error,request_id,success' &&
            typeof body.error?.message === 'string' &&
            body.request_id === res.headers['x-request-id'];
          if (res.status !== 403 || body.error?.code !== 'INSUFFICIENT_SCOPE' || !errorBody) {
            problems.push(`${op.name} with an API Pix token (${label}): expected 403 INSUFFICIENT_SCOPE, got ${show(res)}`);
          }
        }
        if (!op.statuses.includes('403') || !op.errorCodes.includes('INSUFFICIENT_SCOPE')) {
          problems.push(`${op.name}: does not document 403 INSUFFICIENT_SCOPE (${op.errorCodes.join(', ')})`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('its own tokens (client or admin, with the scopes the operation names) get past the guard on every one', async () => {
      const clientToken = client.token;
      for (const op of secured()) {
        const res = await call(op, op.admin ? adminToken : clientToken);
        if (res.status === 401 || res.status === 403 || res.status >= 500) problems.push(`${op.name} with its own token: ${show(res)}`);
      }
      expect(problems).toEqual([]);
    });
  });

  describe('API Pix (/api-pix/v2, every secured operation of its specification)', () => {
    const served = () =>
      new Set(
        servedRoutes(app)
          .filter((r) => r.name.includes(' /api-pix/v2/') && !r.policy?.public)
          .map((r) => r.name),
      );
    const isServed = (op: SpecOperation) => served().has(`${op.method.toUpperCase()} ${shape(op.path.replaceAll(PARAM, '{}'))}`);
    const call = (op: SpecOperation, token: string) => http(app)[op.method](op.path).set('Authorization', `Bearer ${token}`);
    const problemOf = (res: Response) => {
      if (!/^application\/problem\+json/.test(String(res.headers['content-type']))) return undefined;
      return JSON.parse(res.text) as { type?: string; status?: number; title?: string };
    };

    it('every secured route served under /api-pix/v2 is an operation of the specification', () => {
      const specified = new Set(apiPixOperations().map((op) => `${op.method.toUpperCase()} ${shape(op.path.replaceAll(PARAM, '{}'))}`));
      expect(served().size).toBeGreaterThan(20);
      expect([...served()].filter((name) => !specified.has(name))).toEqual([]);
    });

    it('a client API token, or an admin one, is 403 AcessoNegado on every operation served (insufficient_scope), and finds nothing elsewhere', async () => {
      const ops = apiPixOperations();
      expect(ops.length).toBeGreaterThan(40);
      for (const op of ops) {
        for (const [label, token] of [
          ['client API token', client.token],
          ['admin token', adminToken],
        ] as const) {
          const res = await call(op, token);
          const problem = problemOf(res);
          if (isServed(op)) {
            // docs/adr/0230-api-pix-problem-details.md: a refused authorization is AcessoNegado.
            if (res.status !== 403 || problem?.type !== `${ERROR}AcessoNegado` || problem.status !== 403) {
              problems.push(`${op.name} with a ${label}: expected 403 AcessoNegado, got ${show(res)}`);
            }
            if (label === 'client API token' && res.headers['www-authenticate'] !== 'Bearer realm="api-pix", error="insufficient_scope"') {
              problems.push(`${op.name} with a ${label}: WWW-Authenticate ${String(res.headers['www-authenticate'])}`);
            }
          } else if (res.status !== 404 || problem?.type !== `${ERROR}NaoEncontrado`) {
            // Not offered here (docs/api-pix.md): no route, so nothing to reach with any token.
            problems.push(`${op.name} (not offered) with a ${label}: expected 404 NaoEncontrado, got ${show(res)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('an API Pix token with the operation’s scope gets past the guard on every operation served', async () => {
      const served = apiPixOperations().filter(isServed);
      for (const op of served) {
        const res = await call(op, apiPixAll);
        if (res.status === 401 || res.status === 403 || res.status >= 500) problems.push(`${op.name} with an API Pix token: ${show(res)}`);
      }
      expect(served.length).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    });
  });
});
