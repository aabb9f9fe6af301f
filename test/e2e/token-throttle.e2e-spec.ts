import type { NestExpressApplication } from '@nestjs/platform-express';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Guessing API-key secrets is throttled on failure budgets: per key id and source address, and per source
 * address. Only failed checks spend them. Each app has a Redis prefix of its own (fresh budgets): 3 failures
 * a minute per key id and source, 15 per source.
 */
describe('API-key credential-check throttle (e2e)', () => {
  const BUDGET = 3;
  let app: NestExpressApplication;
  /** Trusts the loopback proxy (supertest connects from 127.0.0.1), so X-Forwarded-For names the source. */
  let proxied: NestExpressApplication;
  let clients: TestClient[];

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', tokenRateLimitPerMinute: 100000 });
    clients = await Promise.all(Array.from({ length: 6 }, () => newClient(app)));
    await app.close();
    app = await startApp({
      appRole: 'api',
      tokenRateLimitPerMinute: BUDGET,
      redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}_throttle`,
    });
    proxied = await startApp({
      appRole: 'api',
      tokenRateLimitPerMinute: BUDGET,
      trustProxy: ['loopback'],
      redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}_throttle_proxied`,
    });
  });

  afterAll(async () => {
    await app.close();
    await proxied.close();
  });

  const client = (i: number): TestClient => {
    const c = clients[i];
    if (!c) throw new Error('beforeAll onboards six clients');
    return c;
  };
  const ask = (on: NestExpressApplication, keyId: string, secret: string, forwardedFor?: string) => {
    const req = http(on).post('/api/v1/auth/bearer-token').set('x-key-id', keyId).set('x-secret-key', secret);
    return (forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req).send({});
  };
  const charge = (on: NestExpressApplication, keyId: string, secret: string, forwardedFor?: string) => {
    const req = http(on).post('/api/v1/pix/cash-in/qrcode').set('x-key-id', keyId).set('x-secret-key', secret);
    return (forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req).send({ amount: '1.00', reference: 'r' });
  };
  const expectRefused = (res: { status: number; body: { error: { code: string } }; headers: Record<string, string> }) => {
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  describe('one source (TRUST_PROXY off)', () => {
    it('per key id and source: wrong secrets spend it, and past it even the right secret waits (429, Retry-After)', async () => {
      const a = client(0);
      for (let i = 0; i < BUDGET; i++) expect((await ask(app, a.keyId, 'sk_wrong')).status).toBe(401);
      expectRefused(await ask(app, a.keyId, a.secret));
      // The key pair on cash-in is the same credential check, refused for this source too.
      expectRefused(await charge(app, a.keyId, a.secret));
    });

    it('ignores X-Forwarded-For while TRUST_PROXY is off: spoofing it does not reset the budget', async () => {
      const a = client(0);
      expectRefused(await ask(app, a.keyId, a.secret, '198.51.100.7'));
      expectRefused(await charge(app, a.keyId, a.secret, '198.51.100.8'));
    });

    it(`successes never spend it: ${BUDGET + 5} tokens and ${BUDGET + 5} API-key charges with a budget of ${BUDGET}`, async () => {
      const b = client(1);
      for (let i = 0; i < BUDGET + 5; i++) expect((await ask(app, b.keyId, b.secret)).status).toBe(200);
      for (let i = 0; i < BUDGET + 5; i++) expect((await charge(app, b.keyId, b.secret)).status).toBe(200);
      // The whole failure budget is still there.
      for (let i = 0; i < BUDGET; i++) expect((await charge(app, b.keyId, 'sk_wrong')).status).toBe(401);
      expectRefused(await ask(app, b.keyId, b.secret));
    });

    it('per source address: failures over many key ids run it dry, and then the source waits for every key', async () => {
      // 6 failures were spent above; 15 a minute per address leaves 9, spread over key ids never seen before.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await ask(app, `key_${String(i).padStart(24, '0')}`, 'sk_wrong')).status);
      expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(9).every((s) => s === 429)).toBe(true);
      const c = client(2);
      expectRefused(await ask(app, c.keyId, c.secret));
    });
  });

  describe('behind a proxy (TRUST_PROXY=loopback): X-Forwarded-For names the source', () => {
    it('a source that spent the budget of a key is refused; the right secret from another source still works', async () => {
      const d = client(3);
      for (let i = 0; i < BUDGET; i++) expect((await ask(proxied, d.keyId, 'sk_wrong', '203.0.113.1')).status).toBe(401);
      expectRefused(await ask(proxied, d.keyId, d.secret, '203.0.113.1'));
      expectRefused(await charge(proxied, d.keyId, d.secret, '203.0.113.1'));

      expect((await ask(proxied, d.keyId, d.secret, '203.0.113.2')).status).toBe(200);
      expect((await charge(proxied, d.keyId, d.secret, '203.0.113.2')).status).toBe(200);
      // The proxy itself (no X-Forwarded-For) is one more source of its own.
      expect((await ask(proxied, d.keyId, d.secret)).status).toBe(200);
      // Still refused where the failures came from.
      expectRefused(await ask(proxied, d.keyId, d.secret, '203.0.113.1'));
    });

    it('takes the address the trusted proxy appended, not what the client wrote before it', async () => {
      const e = client(4);
      for (let i = 0; i < BUDGET; i++) {
        expect((await ask(proxied, e.keyId, 'sk_wrong', `10.9.9.${i}, 203.0.113.3`)).status).toBe(401);
      }
      expectRefused(await ask(proxied, e.keyId, e.secret, '10.9.9.99, 203.0.113.3'));
    });
  });
});
