import { createHmac } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { RevokeApiKeyUseCase } from '../../src/modules/identity/application/revoke-api-key.use-case.js';
import { http, newAdmin, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

function signHs256(claims: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('authentication and authorization (e2e)', () => {
  let app: NestExpressApplication;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    app = await startApp();
    alice = await newClient(app, { balance: '10.00' });
    bob = await newClient(app);
  });

  afterAll(() => app.close());

  const claimsOf = (c: TestClient, extra: object = {}) => ({
    sub: c.clientId,
    kid: c.keyId,
    key_id: c.keyId,
    typ: 'client',
    scope: 'pix:balance:read',
    jti: 'x',
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 600,
    ...extra,
  });

  describe('POST /api/v1/auth/bearer-token', () => {
    it('issues a one-hour JWT carrying every scope of the key when none are asked', async () => {
      const res = await http(app).post('/api/v1/auth/bearer-token').set('x-key-id', alice.keyId).set('x-secret-key', alice.secret).send({});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, expires_in: 3600 });
      const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
      expect(payload.sub).toBe(alice.clientId);
      expect(payload.exp - payload.iat).toBe(3600);
      expect(payload.scope.split(' ')).toContain('pix:cashout:write');
    });

    it('narrows the token to the requested scopes', async () => {
      const token = await tokenFor(app, alice.keyId, alice.secret, ['pix:keys:read']);
      const res = await http(app).get('/api/v1/pix/balance').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    });

    it('refuses a scope the key does not hold with 400 INVALID_SCOPE', async () => {
      const res = await http(app)
        .post('/api/v1/auth/bearer-token')
        .set('x-key-id', alice.keyId)
        .set('x-secret-key', alice.secret)
        .send({ scopes: ['admin:limits:write'] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_SCOPE');
    });

    it.each([
      ['wrong secret', (c: TestClient) => [c.keyId, 'sk_wrong']],
      ['unknown key', (c: TestClient) => ['key_unknown', c.secret]],
      ['missing headers', () => [undefined, undefined]],
    ])('answers 401 for %s', async (_label, creds) => {
      const [keyId, secret] = creds(alice);
      const req = http(app).post('/api/v1/auth/bearer-token');
      if (keyId) req.set('x-key-id', keyId);
      if (secret) req.set('x-secret-key', secret);
      const res = await req.send({});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
    });
  });

  describe('bearer token matrix', () => {
    const balance = () => http(app).get('/api/v1/pix/balance');

    it('accepts a valid token', async () => {
      const res = await balance().set(alice.auth);
      expect(res.status).toBe(200);
      expect(res.body.data.available_balance).toBe('10.00');
    });

    it('401 without a token', async () => {
      const res = await balance();
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    });

    it('401 for a malformed token', async () => {
      expect((await balance().set('Authorization', 'Bearer not.a.jwt')).status).toBe(401);
      expect((await balance().set('Authorization', 'Basic abc')).status).toBe(401);
    });

    it('401 for a token signed with another secret', async () => {
      const res = await balance().set('Authorization', `Bearer ${signHs256(claimsOf(alice), 'another-secret')}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    });

    it('401 for alg: none', async () => {
      const unsigned = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claimsOf(alice)))}.`;
      expect((await balance().set('Authorization', `Bearer ${unsigned}`)).status).toBe(401);
    });

    it('401 for an expired token signed with the right secret', async () => {
      const past = Math.floor(Date.now() / 1000) - 7200;
      const token = signHs256(claimsOf(alice, { iat: past, exp: past + 3600 }), process.env.JWT_SECRET!);
      const res = await balance().set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/expired/);
    });

    it('accepts a hand-signed token with the right secret (proves the expired case fails on exp alone)', async () => {
      const token = signHs256(claimsOf(alice), process.env.JWT_SECRET!);
      expect((await balance().set('Authorization', `Bearer ${token}`)).status).toBe(200);
    });

    it('401 for a correctly signed token whose key belongs to someone else (or to another kind of principal)', async () => {
      const secret = process.env.JWT_SECRET!;
      const balance = (token: string) => http(app).get('/api/v1/pix/balance').set('Authorization', `Bearer ${token}`);
      // Bob's id with Alice's key: the key is active, but not Bob's.
      const stolen = await balance(signHs256(claimsOf(bob, { kid: alice.keyId, key_id: alice.keyId }), secret));
      expect(stolen.status).toBe(401);
      expect(stolen.body.error.code).toBe('INVALID_TOKEN');
      // Alice's own key and id, but claiming to be an admin.
      const promoted = await http(app)
        .get('/api/v1/admin/ledger/verify')
        .set('Authorization', `Bearer ${signHs256(claimsOf(alice, { typ: 'admin', scope: 'admin:ledger:read' }), secret)}`);
      expect(promoted.status).toBe(401);
      expect((await balance(signHs256(claimsOf(bob), secret))).status).toBe(200);
    });

    it('403 INSUFFICIENT_SCOPE for a valid token without the scope', async () => {
      const token = signHs256(claimsOf(alice, { scope: 'pix:keys:read' }), process.env.JWT_SECRET!);
      const res = await balance().set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    });

    it("404 for another client's account, exactly as for a missing one", async () => {
      const other = await balance().query({ account_id: bob.accountId }).set(alice.auth);
      const missing = await balance().query({ account_id: '7d4f8f3e-8a51-4d8e-9a55-0d9f0c1e2b3a' }).set(alice.auth);
      expect(other.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(other.body.error).toEqual(missing.body.error);
    });

    it('403 for a client token on an admin endpoint, and for an admin token on a client endpoint', async () => {
      const admin = await newAdmin(app);
      expect((await http(app).get('/api/v1/admin/ledger/verify').set(alice.auth)).status).toBe(403);
      expect((await balance().set(admin.auth)).status).toBe(403);
      expect((await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth)).status).toBe(200);
    });

    it('401 once the key behind the token is revoked', async () => {
      const carol = await newClient(app);
      await app.get(RevokeApiKeyUseCase).execute(carol.keyId);
      const res = await balance().set(carol.auth);
      expect(res.status).toBe(401);
      const again = await http(app)
        .post('/api/v1/auth/bearer-token')
        .set('x-key-id', carol.keyId)
        .set('x-secret-key', carol.secret)
        .send({});
      expect(again.status).toBe(401);
    });
  });
});
