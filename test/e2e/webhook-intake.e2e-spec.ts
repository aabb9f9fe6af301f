import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { WebhookEvents1764070000000 } from '../../src/database/migrations/1764070000000-webhook-events.js';
import { SqlWebhookEventFeed } from '../../src/modules/webhooks/infrastructure/persistence/sql-webhook-event-feed.js';
import { OutboxWriter } from '../../src/shared/outbox/outbox.writer.js';
import { SqlSession } from '../../src/shared/persistence/sql-session.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { startApp } from '../support/test-app.js';

type Appended = Parameters<OutboxWriter['append']>[0][number];

/** A settable gate: `open()` resolves `opened`. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * The webhooks' intake (docs/adr/0202-webhook-events-have-their-own-intake.md): the outbox trigger copies
 * webhook events into `webhook_events` in their own transaction; dispatchers claim them with SKIP LOCKED and
 * delete them with their deliveries; the migration carried the waiting events over.
 */
describe('webhook intake (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let uow: UnitOfWork;
  let writer: OutboxWriter;
  let feed: SqlWebhookEventFeed;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    db = app.get(DataSource);
    uow = app.get(UnitOfWork);
    writer = app.get(OutboxWriter);
    feed = new SqlWebhookEventFeed(app.get(SqlSession));
  });

  afterAll(() => app.close());

  /** An event of `clientId`, webhook-visible or not; its aggregate id names it. */
  const event = (clientId: string, webhook: boolean, name: string) =>
    ({ type: webhook ? 'test.webhook' : 'test.internal', aggregateId: name, clientId, payload: { name }, webhook }) as unknown as Appended;

  /** The outbox rows of `clientId`, by aggregate id. */
  const outboxIds = async (clientId: string) =>
    Object.fromEntries(
      (await db.query(`SELECT aggregate_id, id::text FROM outbox_messages WHERE client_id = $1`, [clientId])).map(
        (r: { aggregate_id: string; id: string }) => [r.aggregate_id, r.id],
      ),
    ) as Record<string, string>;

  /** One dispatcher's batch, as the dispatcher runs it: claim, then take the claimed events of `clientId`. */
  const dispatch = (clientId: string, hold?: { claimed: () => void; until: Promise<void> }) =>
    uow.run(async () => {
      const mine = (await feed.claim(1000)).filter((e) => e.clientId === clientId);
      hold?.claimed();
      await hold?.until;
      await feed.markDispatched(mine.map((e) => e.rowId));
      return mine.map((e) => e.payload['name']);
    });

  it("copies each webhook event into the intake in the event's transaction, and nothing of a rolled-back one", async () => {
    const client = randomUUID();
    await uow.run(() => writer.append([event(client, true, 'a'), event(client, false, 'b'), event(client, true, 'c')]));
    await expect(
      uow.run(async () => {
        await writer.append([event(client, true, 'd')]);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');

    const ids = await outboxIds(client);
    expect(Object.keys(ids).sort()).toEqual(['a', 'b', 'c']);
    const { a, c } = ids;
    const outbox = await db.query(
      `SELECT id::text AS "rowId", event_id AS "eventId", event_type AS type, client_id AS "clientId", payload, created_at AS "createdAt"
       FROM outbox_messages WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[a, c]],
    );
    const intake = await db.query(
      `SELECT outbox_id::text AS "rowId", event_id AS "eventId", event_type AS type, client_id AS "clientId", payload, created_at AS "createdAt"
       FROM webhook_events WHERE client_id = $1 ORDER BY outbox_id`,
      [client],
    );
    expect(intake).toEqual(outbox);
    expect(intake.map((e: { payload: { name: string } }) => e.payload.name)).toEqual(['a', 'c']);
    expect(await dispatch(client)).toEqual(['a', 'c']);
    expect(await db.query(`SELECT 1 FROM webhook_events WHERE client_id = $1`, [client])).toEqual([]);
  });

  it('takes every event once when transactions commit out of order (no high-water mark)', async () => {
    const client = randomUUID();
    const appended = gate();
    const commit = gate();
    const slow = uow.run(async () => {
      await writer.append([event(client, true, 'first')]);
      appended.open();
      await commit.opened;
    });
    await appended.opened;
    try {
      await uow.run(() => writer.append([event(client, true, 'second')]));
      // The later row committed first and is taken; the earlier one is not visible yet, and is not skipped for good.
      expect(await dispatch(client)).toEqual(['second']);
    } finally {
      commit.open();
      await slow;
    }
    const ids = await outboxIds(client);
    expect(BigInt(ids['second']!)).toBeGreaterThan(BigInt(ids['first']!));
    expect(await dispatch(client)).toEqual(['first']);
    expect(await dispatch(client)).toEqual([]);
  });

  it('dispatchers side by side never take one event twice, and a failed dispatch leaves its events waiting', async () => {
    const client = randomUUID();
    await uow.run(() => writer.append([event(client, true, 'x'), event(client, true, 'y')]));
    const claimed = gate();
    const release = gate();
    const holding = dispatch(client, { claimed: claimed.open, until: release.opened });
    await claimed.opened;
    try {
      // While the first dispatcher holds them, another one skips them.
      expect(await dispatch(client)).toEqual([]);
    } finally {
      release.open();
    }
    expect(await holding).toEqual(['x', 'y']);

    await uow.run(() => writer.append([event(client, true, 'z')]));
    await expect(
      uow.run(async () => {
        await feed.markDispatched((await feed.claim(1000)).filter((e) => e.clientId === client).map((e) => e.rowId));
        throw new Error('the deliveries could not be written');
      }),
    ).rejects.toThrow('the deliveries could not be written');
    expect(await dispatch(client)).toEqual(['z']);
  });

  it('the migration carries the events still waiting into the intake, and its down carries them back', async () => {
    const client = randomUUID();
    await uow.run(() => writer.append([event(client, true, 'waiting'), event(client, true, 'taken'), event(client, false, 'internal')]));
    const ids = await outboxIds(client);
    await db.query(`DELETE FROM webhook_events WHERE outbox_id = $1`, [ids['taken']]);
    const migration = new WebhookEvents1764070000000();
    // DDL is transactional: everything below is rolled back at the end.
    const runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await migration.down(runner);
      const before = await runner.query(
        `SELECT aggregate_id, webhook, webhook_dispatched_at IS NOT NULL AS dispatched FROM outbox_messages WHERE client_id = $1 ORDER BY id`,
        [client],
      );
      expect(before).toEqual([
        { aggregate_id: 'waiting', webhook: true, dispatched: false },
        { aggregate_id: 'taken', webhook: true, dispatched: true },
        { aggregate_id: 'internal', webhook: false, dispatched: false },
      ]);
      expect(await runner.query(`SELECT to_regclass('webhook_events') AS t`)).toEqual([{ t: null }]);

      await migration.up(runner);
      expect(await runner.query(`SELECT outbox_id::text AS id FROM webhook_events WHERE client_id = $1`, [client])).toEqual([
        { id: ids['waiting'] },
      ]);
      const column = await runner.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'outbox_messages' AND column_name = 'webhook_dispatched_at'`,
      );
      expect(column).toEqual([]);
      // The trigger is back: a new webhook event is captured.
      await runner.query(
        `INSERT INTO outbox_messages (event_type, aggregate_id, client_id, payload, webhook) VALUES ('test.webhook', 'later', $1, '{}', true)`,
        [client],
      );
      expect(await runner.query(`SELECT count(*)::int AS n FROM webhook_events WHERE client_id = $1`, [client])).toEqual([{ n: 2 }]);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    await db.query(`DELETE FROM webhook_events WHERE client_id = $1`, [client]);
  });
});
