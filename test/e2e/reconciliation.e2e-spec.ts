import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bull';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { OutboxRelay } from '../../src/shared/outbox/outbox.relay.js';
import { QUEUE_SETTLEMENT } from '../../src/shared/queue/queue.names.js';
import { balanceOf, cashOut, ledgerOps, settled } from '../support/payments.js';
import { clockOf, eventually, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A payment whose job is lost or given up still ends: the reconciliation sweep drives it home. */
describe('cash-out reconciliation sweep (e2e)', () => {
  let api: NestExpressApplication;
  let config: AppConfig;
  const sweep = { reconcileAfterMs: 1500, reconcileIntervalMs: 200 };

  beforeAll(async () => {
    // Creates payments and relays the outbox by hand (with a short retry policy); settles nothing.
    api = await startApp({ appRole: 'api', settlementMaxAttempts: 2, settlementBackoffMs: 50 });
    config = api.get(APP_CONFIG);
  });

  afterAll(() => api.close());

  /** A cash-out whose settlement job is already in Bull (relayed), so losing Redis loses the job. */
  const queuedAndRelayed = async (c: TestClient, amount: string) => {
    const res = await cashOut(api, c, { amount, pix_key: 'sweep@example.com', pix_key_type: 'EMAIL' });
    expect(res.status).toBe(200);
    expect(await api.get(OutboxRelay).relayOnce()).toBeGreaterThan(0);
    return res.body.transaction_id as string;
  };

  /** A worker process sharing the API's clock, so both agree on how old a payment is. */
  const worker = (overrides: Partial<AppConfig> = {}) => startApp({ appRole: 'worker', ...sweep, ...overrides }, clockOf(api).now());

  it('a payment whose job Redis lost still completes, once, within the reconciliation bound', async () => {
    const c = await newClient(api, { balance: '30.00' });
    const id = await queuedAndRelayed(c, '10.00');

    // Redis loses this run's settlement jobs (other runs share the server, so only our keys go).
    const redis = new Redis(config.redisUrl);
    const keys = await redis.keys(`${config.redisKeyPrefix}:bull:${QUEUE_SETTLEMENT}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    await redis.quit();

    const w = await worker();
    try {
      const done = await settled(api, c, id, ['completed', 'failed'], sweep.reconcileAfterMs + 10_000);
      expect(done.status).toBe('completed');
      expect(await ledgerOps(api, id)).toEqual(['hold', 'capture']);
      expect(await balanceOf(api, c)).toMatchObject({ available_balance: '20.00', blocked_balance: '0.00' });
    } finally {
      await w.close();
    }
  });

  it('a payment whose every try failed on the database is taken up again and ends with its hold captured', async () => {
    const c = await newClient(api, { balance: '30.00' });
    const res = await cashOut(api, c, { amount: '7.00', pix_key: 'locked@example.com', pix_key_type: 'EMAIL' });
    const id = res.body.transaction_id as string;

    // Another session holds the payment's row: each try's lock wait hits DB_LOCK_TIMEOUT_MS and fails.
    const blocker = new pg.Client({ connectionString: config.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM cash_outs WHERE id = $1 FOR UPDATE', [id]);
    const w = await worker({ settlementMaxAttempts: 2, settlementBackoffMs: 50, dbLockTimeoutMs: 200 });
    try {
      const [{ id: outboxId }] = await api
        .get(DataSource)
        .query(`SELECT id FROM outbox_messages WHERE aggregate_id = $1 AND event_type = 'cash_out.queued'`, [id]);
      await api.get(OutboxRelay).relayOnce();
      const queue = w.get<Queue>(getQueueToken(QUEUE_SETTLEMENT));
      await eventually(async () => (await queue.getJob(`outbox-${outboxId}-${QUEUE_SETTLEMENT}`))?.isFailed(), 15_000);
      const [{ status }] = await api.get(DataSource).query('SELECT status FROM cash_outs WHERE id = $1', [id]);
      expect(status).toBe('queued'); // every try gave up; nothing moved

      await blocker.query('ROLLBACK');
      const done = await settled(api, c, id, ['completed', 'failed'], sweep.reconcileAfterMs + 10_000);
      expect(done.status).toBe('completed');
      expect(await ledgerOps(api, id)).toEqual(['hold', 'capture']);
      expect(await balanceOf(api, c)).toMatchObject({ available_balance: '23.00', blocked_balance: '0.00' });
    } finally {
      await blocker.end();
      await w.close();
    }
  });
});
