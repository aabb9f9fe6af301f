import type { NestExpressApplication } from '@nestjs/platform-express';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** Guessing API-key secrets is throttled per key id and per source address. */
describe('bearer-token rate limits (e2e)', () => {
  let app: NestExpressApplication;
  let clients: TestClient[];

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', tokenRateLimitPerMinute: 100000 });
    clients = await Promise.all(Array.from({ length: 6 }, () => newClient(app)));
    await app.close();
    // The same database, fresh budgets (a Redis prefix of its own): 3 a minute per key id, 15 per source address.
    app = await startApp({ appRole: 'api', tokenRateLimitPerMinute: 3, redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}_throttle` });
  });

  afterAll(() => app.close());

  const ask = (keyId: string, secret: string) =>
    http(app).post('/api/v1/auth/bearer-token').set('x-key-id', keyId).set('x-secret-key', secret).send({});

  it('per key id: wrong secrets count, and past the limit even the right secret waits (429, Retry-After)', async () => {
    const [a] = clients;
    if (!a) throw new Error('beforeAll onboards six clients');
    expect((await ask(a.keyId, 'sk_wrong')).status).toBe(401);
    expect((await ask(a.keyId, 'sk_wrong')).status).toBe(401);
    expect((await ask(a.keyId, a.secret)).status).toBe(200);
    const limited = await ask(a.keyId, a.secret);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per source address: many keys from one address run dry too', async () => {
    const others = clients.slice(1);
    const statuses: number[] = [];
    for (const c of others) for (let i = 0; i < 3; i++) statuses.push((await ask(c.keyId, 'sk_wrong')).status);
    // 4 asks were spent above; 15 a minute per address leaves 11 before 429.
    expect(statuses.filter((s) => s === 401)).toHaveLength(11);
    expect(statuses.slice(11).every((s) => s === 429)).toBe(true);
  });
});
