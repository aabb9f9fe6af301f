import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook dispatcher's intake moves into the webhooks module
 * (docs/adr/0202-webhook-events-have-their-own-intake.md): `webhook_events` holds one row per webhook-visible
 * event not yet taken by a dispatcher, a copy of its outbox row (`outbox_id` is that row's id: the order, and
 * what a webhook's `from_event_row` is compared with). A statement trigger on `outbox_messages` writes them
 * in the transaction and the statement that append the events (no statement, no round trip of its own); a
 * dispatcher claims rows with SKIP LOCKED and deletes them with its deliveries. The outbox's
 * `webhook_dispatched_at` and `ix_outbox_webhook_pending` go: the outbox no longer knows about webhooks.
 *
 * The outbox is locked first, for the few statements this takes: no insert falls between the trigger's
 * creation and the copy of the waiting events, and no dispatcher of the previous version is part-way through
 * marking them. Such a dispatcher fails its next claim (the column is gone) until it is replaced; events
 * appended meanwhile wait in `webhook_events`.
 */
export class WebhookEvents1764070000000 implements MigrationInterface {
  name = 'WebhookEvents1764070000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE outbox_messages IN ACCESS EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE webhook_events (
        outbox_id bigint PRIMARY KEY,
        event_id uuid NOT NULL,
        event_type varchar(80) NOT NULL,
        client_id uuid,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION webhook_events_take() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO webhook_events (outbox_id, event_id, event_type, client_id, payload, created_at)
          SELECT id, event_id, event_type, client_id, payload, created_at FROM appended WHERE webhook;
        RETURN NULL;
      END
      $$`);
    // Once per INSERT statement (the outbox writer appends a unit of work's events in one), over its rows.
    await q.query(`
      CREATE TRIGGER outbox_messages_webhook_events AFTER INSERT ON outbox_messages
        REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION webhook_events_take()`);
    // The events still waiting for a dispatcher.
    await q.query(`
      INSERT INTO webhook_events (outbox_id, event_id, event_type, client_id, payload, created_at)
        SELECT id, event_id, event_type, client_id, payload, created_at FROM outbox_messages
        WHERE webhook AND webhook_dispatched_at IS NULL`);
    await q.query(`DROP INDEX ix_outbox_webhook_pending`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN webhook_dispatched_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE outbox_messages IN ACCESS EXCLUSIVE MODE`);
    await q.query(`ALTER TABLE outbox_messages ADD COLUMN webhook_dispatched_at timestamptz`);
    // Every webhook event but those still waiting was taken.
    await q.query(`
      UPDATE outbox_messages m SET webhook_dispatched_at = now()
      WHERE m.webhook AND NOT EXISTS (SELECT 1 FROM webhook_events e WHERE e.outbox_id = m.id)`);
    await q.query(`CREATE INDEX ix_outbox_webhook_pending ON outbox_messages (id) WHERE webhook AND webhook_dispatched_at IS NULL`);
    await q.query(`DROP TRIGGER outbox_messages_webhook_events ON outbox_messages`);
    await q.query(`DROP FUNCTION webhook_events_take()`);
    await q.query(`DROP TABLE webhook_events`);
  }
}
