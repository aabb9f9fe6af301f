import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API Pix's own callback registrations and their callbacks, apart from the Standard Webhooks subscriptions of
 * `/api/v1/webhooks` (docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md):
 *
 * - `pix_webhooks`: one URL per receiving key of a client (`PUT /api-pix/v2/webhook/{chave}`), unique per
 *   client and key (a key deleted and registered again by another client does not collide).
 * - `pix_callback_events`: the callbacks' intake, filled by a statement trigger on `outbox_messages` in the
 *   event's own transaction, as `webhook_events` is (docs/adr/0202-webhook-events-have-their-own-intake.md):
 *   only a `cash_in.completed` that carries a txid (the spec notifies "somente Pix associados a um txid") and
 *   whose receiving key has a webhook of that client at that moment. A dispatcher claims rows with SKIP LOCKED
 *   and deletes them with the callbacks it writes.
 * - `pix_callbacks`: one callback per event and webhook (unique), the exact body sent in every try, its
 *   state and tries as `webhook_deliveries` keeps them. No foreign key to `pix_webhooks`: a webhook deleted
 *   leaves its pending callbacks to end `failed` when their turn comes.
 */
export class PixWebhooks1764293900000 implements MigrationInterface {
  name = 'PixWebhooks1764293900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pix_webhooks (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        chave varchar(77) NOT NULL,
        url varchar(2048) NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_pix_webhooks_client_chave ON pix_webhooks (client_id, chave)`);
    // The list (GET /webhook): a client's webhooks by creation.
    await q.query(`CREATE INDEX ix_pix_webhooks_client_created ON pix_webhooks (client_id, created_at, id)`);
    await q.query(`
      CREATE TABLE pix_callback_events (
        outbox_id bigint PRIMARY KEY,
        event_id uuid NOT NULL,
        client_id uuid NOT NULL,
        chave varchar(77) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION pix_callback_events_take() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO pix_callback_events (outbox_id, event_id, client_id, chave, payload, created_at)
          SELECT a.id, a.event_id, a.client_id, a.payload->>'pix_key', a.payload, a.created_at FROM appended a
          WHERE a.event_type = 'cash_in.completed' AND a.client_id IS NOT NULL
            AND a.payload->>'txid' IS NOT NULL AND a.payload->>'pix_key' IS NOT NULL
            AND EXISTS (SELECT 1 FROM pix_webhooks w WHERE w.client_id = a.client_id AND w.chave = a.payload->>'pix_key');
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER outbox_messages_pix_callback_events AFTER INSERT ON outbox_messages
        REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION pix_callback_events_take()`);
    await q.query(`
      CREATE TABLE pix_callbacks (
        id uuid PRIMARY KEY,
        pix_webhook_id uuid NOT NULL,
        client_id uuid NOT NULL,
        event_id uuid NOT NULL,
        body text NOT NULL,
        status varchar(16) NOT NULL,
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_http_status integer,
        last_error varchar(300),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_pix_callbacks_webhook_event ON pix_callbacks (pix_webhook_id, event_id)`);
    // The rescue sweep (pending, overdue) and the retention purge (settled, old).
    await q.query(`CREATE INDEX ix_pix_callbacks_due ON pix_callbacks (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX ix_pix_callbacks_settled ON pix_callbacks (updated_at) WHERE status <> 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pix_callbacks`);
    await q.query(`DROP TRIGGER outbox_messages_pix_callback_events ON outbox_messages`);
    await q.query(`DROP FUNCTION pix_callback_events_take()`);
    await q.query(`DROP TABLE pix_callback_events`);
    await q.query(`DROP TABLE pix_webhooks`);
  }
}
