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

  it('deletes expired idempotency keys, delivered outbox rows past 7 days and decodes past 7 days; keeps the rest', async () => {
    const c = await newClient(app);
    const key = (expires: Date) =>
      db.query(
        `INSERT INTO idempotency_keys (client_id, key, request_hash, status, locked_until, expires_at) VALUES ($1, $2, 'h', 'completed', $3, $3) RETURNING key`,
        [c.clientId, randomUUID(), expires],
      );
    const [expiredKey] = await key(ago(60_000));
    const [liveKey] = await key(ago(-DAY));
    const outbox = async (published: Date | null, webhook: boolean, dispatched: Date | null) =>
      (
        await db.query(
          `INSERT INTO outbox_messages (event_type, aggregate_id, client_id, payload, webhook, published_at, webhook_dispatched_at)
           VALUES ('test.event', $1, $2, '{}', $3, $4, $5) RETURNING id`,
          [randomUUID(), c.clientId, webhook, published, dispatched],
        )
      )[0].id as string;
    const oldDelivered = await outbox(ago(8 * DAY), false, null);
    const oldWebhookDispatched = await outbox(ago(8 * DAY), true, ago(8 * DAY));
    const oldWebhookWaiting = await outbox(ago(8 * DAY), true, null);
    const recent = await outbox(ago(DAY), false, null);
    const unpublished = await outbox(null, false, null);
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
    expect(ids).toEqual([oldWebhookWaiting, recent, unpublished]);
    expect(ids).not.toEqual(expect.arrayContaining([oldDelivered, oldWebhookDispatched]));
    const lookups = (await db.query('SELECT end_to_end_id FROM qr_lookups WHERE client_id = $1', [c.clientId])).map(
      (r: { end_to_end_id: string }) => r.end_to_end_id,
    );
    expect(lookups).toEqual([newLookup]);
    expect(lookups).not.toContain(oldLookup);
  });

  it('a relayed webhook event stays waiting for the webhook dispatcher, through the purge', async () => {
    const c = await newClient(app);
    const reg = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
    expect(reg.status).toBeLessThan(300);
    await app.get(OutboxRelay).relayOnce();
    const row = async () =>
      (
        await db.query(
          `SELECT published_at, webhook, webhook_dispatched_at FROM outbox_messages WHERE client_id = $1 AND event_type = 'key.registered'`,
          [c.clientId],
        )
      )[0];
    expect(await row()).toMatchObject({ webhook: true, published_at: expect.any(Date), webhook_dispatched_at: null });

    // Eight days later, the event is still there for webhooks to deliver.
    await db.query(`UPDATE outbox_messages SET published_at = $2 WHERE client_id = $1 AND event_type = 'key.registered'`, [
      c.clientId,
      ago(8 * DAY),
    ]);
    await app.get(RetentionPurgeService).purgeOnce();
    expect(await row()).toMatchObject({ webhook: true, webhook_dispatched_at: null });
  });
});
