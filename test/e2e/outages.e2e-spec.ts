import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';

type OperationObject = { security?: unknown[] };
import pg from 'pg';
import { buildOpenApi } from '../../src/bootstrap.js';
import { http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the OpenAPI document that needs credentials, with its path filled in. */
function authenticatedOperations(doc: OpenAPIObject): { method: (typeof METHODS)[number]; path: string; admin: boolean }[] {
  const ops = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, OperationObject | undefined>)[method];
      if (!op?.security?.length) continue;
      const path = template.replace(/\{[^}]+\}/g, () => randomUUID());
      ops.push({ method, path, admin: template.startsWith('/api/v1/admin/') });
    }
  }
  return ops;
}

/** Closes an app whose Redis never answered: Bull's queues reject close() when they never connected. */
const closeQuietly = (app: NestExpressApplication) => app.close().catch(() => undefined);

describe('dependency outages answer 503 with Retry-After (e2e)', () => {
  const expectOutage = (
    res: { status: number; headers: Record<string, string>; body: { success: boolean; error: { code: string } } },
    what: string,
  ) => {
    expect({ what, status: res.status }).toEqual({ what, status: 503 });
    expect(res.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('Redis down: every authenticated endpoint answers 503, and so does asking for a token (its throttle is in Redis)', async () => {
    // Credentials made while Redis is up; their tokens stay valid (same database and JWT_SECRET).
    const healthy = await startApp({ appRole: 'api' });
    const client = await newClient(healthy);
    const admin = await newAdmin(healthy);
    await healthy.close();
    const app = await startApp({ redisUrl: 'redis://127.0.0.1:1', appRole: 'api' });
    try {
      expectOutage(
        await http(app).post('/api/v1/auth/bearer-token').set('x-key-id', client.keyId).set('x-secret-key', client.secret).send({}),
        'bearer-token',
      );
      const ops = authenticatedOperations(buildOpenApi(app));
      expect(ops.length).toBeGreaterThan(15);
      for (const op of ops) {
        const res = await http(app)
          [op.method](op.path)
          .set(op.admin ? admin.auth : client.auth)
          .set('X-Idempotency-Key', randomUUID())
          .send({});
        expectOutage(res, `${op.method.toUpperCase()} ${op.path}`);
      }
    } finally {
      await closeQuietly(app);
    }
  });

  describe('Postgres down', () => {
    const dbName = `${process.env.TEST_DB_NAME}_outage`;
    const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    let app: NestExpressApplication;
    let pgAdmin: pg.Client;
    let client: TestClient;
    let warm: TestClient;
    let admin: { auth: { Authorization: string } };

    const allowConnections = async (allow: boolean) => {
      await pgAdmin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS ${allow}`);
      if (!allow) await pgAdmin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
    };

    beforeAll(async () => {
      pgAdmin = new pg.Client({ connectionString: adminUrl });
      await pgAdmin.connect();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${dbName}`;
      app = await startApp({ databaseUrl: url.toString() });
      client = await newClient(app, { balance: '50.00' });
      warm = await newClient(app, { balance: '50.00' });
      admin = await newAdmin(app);
      // `warm` has been seen by the guard, so its key's status is cached and its requests reach the use cases.
      expect((await http(app).get('/api/v1/pix/balance').set(warm.auth)).status).toBe(200);
      await allowConnections(false);
    });

    afterAll(async () => {
      await allowConnections(true);
      await app.close();
      await pgAdmin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await pgAdmin.end();
    });

    it('every authenticated endpoint answers 503 (the guard cannot check the key)', async () => {
      for (const op of authenticatedOperations(buildOpenApi(app))) {
        const res = await http(app)
          [op.method](op.path)
          .set(op.admin ? admin.auth : client.auth)
          .set('X-Idempotency-Key', randomUUID())
          .send({});
        expectOutage(res, `${op.method.toUpperCase()} ${op.path}`);
      }
    });

    it('a payment or a read past the guard answers 503 too, and so does asking for a token', async () => {
      const pay = await http(app)
        .post('/api/v1/pix/cash-out')
        .set(warm.auth)
        .set('X-Idempotency-Key', randomUUID())
        .send({ amount: '1.00', pix_key: 'someone@example.com', pix_key_type: 'EMAIL' });
      expectOutage(pay, 'cash-out');
      expectOutage(await http(app).get('/api/v1/transactions').set(warm.auth), 'transactions');
      const token = await http(app).post('/api/v1/auth/bearer-token').set('x-key-id', warm.keyId).set('x-secret-key', warm.secret).send({});
      expectOutage(token, 'bearer-token');
    });

    it('readiness says the database is down', async () => {
      const res = await http(app).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks.database).toBe('down');
    });
  });
});
