import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { RetentionPurgeService } from '../../src/modules/housekeeping/infrastructure/retention-purge.service.js';
import { OutboxRelay } from '../../src/shared/outbox/outbox.relay.js';
import { clockOf, http, newClient, startApp } from '../support/test-app.js';

const DAY = 24 * 3600_000;

/** Short-lived records are purged on schedule; what a consumer still needs is kept. */
describe('retention purge (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    db = app.get(DataSource);
  });

  afterAll(() => app.close());

  const ago = (ms: number) => new Date(clockOf(app).now().getTime() - ms);

  it("finds each owner's purger: the kernel's, QR code's and webhooks' tables", () => {
    expect(
      app
        .get(RetentionPurgeService)
        .purgers()
        .map((p) => p.name),
    ).toEqual(['idempotencyKeys', 'outboxMessages', 'pixCallbacks', 'qrLookups', 'webhookDeliveries']);
  });

  it('deletes expired idempotency keys, delivered outbox rows past 7 days and decodes past 7 days; keeps the rest', async () => {
    const c = await newClient(app);
    const key = (expires: Date) =>
      db.query(
        `INSERT INTO idempotency_keys (client_id, key, request_hash, status, expires_at) VALUES ($1, $2, 'h', 'completed', $3) RETURNING key`,
        [c.clientId, randomUUID(), expires],
      );
    const [expiredKey] = await key(ago(60_000));
    const [liveKey] = await key(ago(-DAY));
    const outbox = async (published: Date | null, webhook: boolean) =>
      (
        await db.query(
          `INSERT INTO outbox_messages (event_type, aggregate_id, client_id, payload, webhook, published_at)
           VALUES ('test.event', $1, $2, '{}', $3, $4) RETURNING id`,
          [randomUUID(), c.clientId, webhook, published],
        )
      )[0].id as string;
    const oldDelivered = await outbox(ago(8 * DAY), false);
    // A webhook event no dispatcher took yet: its copy waits in the webhooks' intake, not in the outbox.
    const oldWebhookWaiting = await outbox(ago(8 * DAY), true);
    const recent = await outbox(ago(DAY), false);
    const unpublished = await outbox(null, false);
    const lookup = async (created: Date) =>
      (
        await db.query(
          `INSERT INTO qr_lookups (end_to_end_id, client_id, qr_type, receiver, result, created_at) VALUES ($1, $2, 'static', '{}', '{}', $3) RETURNING end_to_end_id`,
          [`E${randomUUID().replace(/-/g, '').slice(0, 31)}`, c.clientId, created],
        )
      )[0].end_to_end_id as string;
    const oldLookup = await lookup(ago(8 * DAY));
    const newLookup = await lookup(ago(DAY));

    const counts = await app.get(RetentionPurgeService).purgeOnce();
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(counts.outboxMessages).toBeGreaterThanOrEqual(2);
    expect(counts.qrLookups).toBeGreaterThanOrEqual(1);

    const keys = (await db.query('SELECT key FROM idempotency_keys WHERE client_id = $1', [c.clientId])).map((r: { key: string }) => r.key);
    expect(keys).toEqual([liveKey.key]);
    expect(keys).not.toContain(expiredKey.key);
    const ids = (
      await db.query('SELECT id FROM outbox_messages WHERE client_id = $1 AND event_type = $2 ORDER BY id', [c.clientId, 'test.event'])
    ).map((r: { id: string }) => r.id);
    expect(ids).toEqual([recent, unpublished]);
    expect(ids).not.toEqual(expect.arrayContaining([oldDelivered, oldWebhookWaiting]));
    const intake = await db.query('SELECT outbox_id::text AS id FROM webhook_events WHERE client_id = $1', [c.clientId]);
    expect(intake).toEqual([{ id: oldWebhookWaiting }]);
    const lookups = (await db.query('SELECT end_to_end_id FROM qr_lookups WHERE client_id = $1', [c.clientId])).map(
      (r: { end_to_end_id: string }) => r.end_to_end_id,
    );
    expect(lookups).toEqual([newLookup]);
    expect(lookups).not.toContain(oldLookup);
  });

  it('deletes webhook deliveries settled more than 30 days ago, with their tries; keeps pending and recent ones', async () => {
    const c = await newClient(app);
    const [{ id: webhookId }] = await db.query(
      `INSERT INTO webhooks (id, client_id, url, status, secret_enc, from_event_row, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'https://example.com/h', 'active', 'v1.x.x.x', 0, $2, $2) RETURNING id`,
      [c.clientId, ago(60 * DAY)],
    );
    const delivery = async (status: string, updated: Date) => {
      const [{ id }] = await db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, client_id, event_id, event_type, body, status, next_attempt_at, delivered_at,
           attempt_count, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, gen_random_uuid(), 'key.registered', '{}', $3::varchar,
           CASE WHEN $3::varchar = 'pending' THEN $4::timestamptz END, CASE WHEN $3::varchar = 'delivered' THEN $4::timestamptz END, 1, $4, $4)
         RETURNING id`,
        [webhookId, c.clientId, status, updated],
      );
      await db.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, http_status, latency_ms) VALUES ($1, 1, $2, 500, 3)`,
        [id, updated],
      );
      return id as string;
    };
    const oldDelivered = await delivery('delivered', ago(31 * DAY));
    const oldFailed = await delivery('failed', ago(31 * DAY));
    const oldPending = await delivery('pending', ago(31 * DAY));
    const recentFailed = await delivery('failed', ago(29 * DAY));

    expect((await app.get(RetentionPurgeService).purgeOnce()).webhookDeliveries).toBeGreaterThanOrEqual(2);
    const left = (await db.query('SELECT id FROM webhook_deliveries WHERE webhook_id = $1', [webhookId])).map((r: { id: string }) => r.id);
    expect(left.sort()).toEqual([oldPending, recentFailed].sort());
    const tries = await db.query('SELECT delivery_id FROM webhook_delivery_attempts WHERE delivery_id = ANY($1)', [
      [oldDelivered, oldFailed],
    ]);
    expect(tries).toEqual([]);
  });

  it('a relayed webhook event no dispatcher took stays in the webhooks intake, through the outbox purge', async () => {
    const c = await newClient(app);
    const reg = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
    expect(reg.status).toBeLessThan(300);
    await app.get(OutboxRelay).relayOnce();
    const outboxRow = async () =>
      (
        await db.query(
          `SELECT id::text, event_id, published_at, webhook FROM outbox_messages WHERE client_id = $1 AND event_type = 'key.registered'`,
          [c.clientId],
        )
      )[0];
    const relayed = await outboxRow();
    expect(relayed).toMatchObject({ webhook: true, published_at: expect.any(Date) });
    const waiting = async () =>
      db.query(`SELECT outbox_id::text, event_id, event_type FROM webhook_events WHERE client_id = $1`, [c.clientId]);
    const expected = [{ outbox_id: relayed.id, event_id: relayed.event_id, event_type: 'key.registered' }];
    expect(await waiting()).toEqual(expected);

    // Eight days later the outbox row is purged; the event is still there for webhooks to deliver.
    await db.query(`UPDATE outbox_messages SET published_at = $2 WHERE client_id = $1 AND event_type = 'key.registered'`, [
      c.clientId,
      ago(8 * DAY),
    ]);
    await app.get(RetentionPurgeService).purgeOnce();
    expect(await outboxRow()).toBeUndefined();
    expect(await waiting()).toEqual(expected);
  });
});
