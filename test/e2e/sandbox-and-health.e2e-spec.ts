import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { runCommand } from '../../src/cli/cli-commands.js';
import { http, newClient, startApp, tokenFor } from '../support/test-app.js';
import { randomCpf } from '../support/documents.js';

describe('sandbox deposits, health and the CLI (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('a deposit credits the account by exactly its amount and writes a cash_in.completed outbox event', async () => {
    const c = await newClient(app, { balance: '0.10' });
    const res = await http(app)
      .post('/api/v1/sandbox/deposits')
      .set(c.auth)
      .send({ amount: '0.20', payer: { name: 'Pagador', document: '52998224725' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amount: '0.20', status: 'completed', type: 'cash_in', account_id: c.accountId });
    expect(res.body.data.end_to_end_id).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
    const balance = await http(app).get('/api/v1/pix/balance').set(c.auth);
    expect(balance.body.data.available_balance).toBe('0.30');
    const rows = await app
      .get(DataSource)
      .query(`SELECT event_type, webhook FROM outbox_messages WHERE aggregate_id = $1`, [res.body.data.transaction_id]);
    expect(rows).toEqual([{ event_type: 'cash_in.completed', webhook: true }]);
  });

  it("refuses a deposit into another client's account with 404", async () => {
    const a = await newClient(app);
    const b = await newClient(app);
    const res = await http(app).post('/api/v1/sandbox/deposits').set(a.auth).send({ amount: '1.00', account_id: b.accountId });
    expect(res.status).toBe(404);
  });

  it('GET /health answers healthy without authentication', async () => {
    const res = await http(app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'healthy', service: 'instant-payments-service' });
  });

  it('GET /health/ready reports Postgres and Redis up', async () => {
    const res = await http(app).get('/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
  });

  it('GET /health/ready answers 503 when Redis is unreachable', async () => {
    // An API process: no queue consumers keep reconnecting to the missing Redis.
    const broken = await startApp({ redisUrl: 'redis://127.0.0.1:1', appRole: 'api' });
    try {
      const res = await http(broken).get('/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not_ready', checks: { database: 'up', redis: 'down' } });
    } finally {
      // Bull's queues reject close() when they never connected; the outage is what is under test.
      await broken.close().catch(() => undefined);
    }
  });

  it('the CLI commands create clients with a balance, admins and keys, and revoke keys', async () => {
    const document = randomCpf();
    const client = (await runCommand(app, 'client:create', {
      name: 'Cli Cliente',
      document,
      scopes: 'pix:balance:read',
      balance: '12.34',
    })) as { client_id: string; account_id: string; key_id: string; secret_key: string; scopes: string[] };
    expect(client.scopes).toEqual(['pix:balance:read']);
    expect(client.secret_key).toMatch(/^sk_/);
    const token = await tokenFor(app, client.key_id, client.secret_key);
    const balance = await http(app).get('/api/v1/pix/balance').set('Authorization', `Bearer ${token}`);
    expect(balance.body.data.available_balance).toBe('12.34');

    await expect(runCommand(app, 'client:create', { name: 'Dup', document })).rejects.toMatchObject({ code: 'CLIENT_ALREADY_EXISTS' });
    await expect(runCommand(app, 'client:create', { name: 'Bad', document: '12345678900' })).rejects.toMatchObject({
      code: 'INVALID_DOCUMENT',
    });

    const key = (await runCommand(app, 'key:create', { client: client.client_id, scopes: 'pix:keys:read' })) as { key_id: string };
    expect(await runCommand(app, 'key:revoke', { 'key-id': key.key_id })).toEqual({ revoked: true });

    const admin = (await runCommand(app, 'admin:create', { name: 'Root' })) as { admin_id: string; scopes: string[] };
    expect(admin.scopes).toContain('admin:limits:write');
    await expect(runCommand(app, 'nope', {})).rejects.toThrow(/usage/);
  });
});
