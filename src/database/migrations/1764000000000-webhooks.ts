import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/webhooks.md): subscriptions, one delivery per event and subscribed webhook, and each
 * delivery's attempts. Signing secrets are stored encrypted (`*_secret_enc`, AES-256-GCM), never in plain
 * text; a delivery keeps the exact body it signs, so a resend after the outbox row is purged sends the same bytes.
 * `from_event_row` is the newest outbox row when the webhook was registered: it receives the events after it.
 */
export class Webhooks1764000000000 implements MigrationInterface {
  name = 'Webhooks1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        url varchar(2048) NOT NULL,
        events text[] NOT NULL DEFAULT '{}',
        status varchar(16) NOT NULL CHECK (status IN ('active', 'disabled')),
        disabled_reason varchar(200),
        secret_enc text NOT NULL,
        previous_secret_enc text,
        previous_secret_expires_at timestamptz,
        from_event_row bigint NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CONSTRAINT ck_webhooks_previous_secret CHECK ((previous_secret_enc IS NULL) = (previous_secret_expires_at IS NULL))
      )`);
    // A client's webhooks (the list, the per-client cap, the dispatcher's subscriber look-up).
    await q.query(`CREATE INDEX ix_webhooks_client ON webhooks (client_id, created_at) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES webhooks(id),
        client_id uuid NOT NULL REFERENCES clients(id),
        event_id uuid NOT NULL,
        event_type varchar(80) NOT NULL,
        body text NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempt_count integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
        resend_count integer NOT NULL DEFAULT 0 CHECK (resend_count >= 0),
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_http_status integer,
        last_error varchar(300),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ck_webhook_deliveries_delivered CHECK ((status = 'delivered') = (delivered_at IS NOT NULL)),
        CONSTRAINT ck_webhook_deliveries_next CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
      )`);
    // One delivery per event and webhook: a re-dispatched event adds nothing.
    await q.query(`CREATE UNIQUE INDEX uq_webhook_deliveries_event ON webhook_deliveries (webhook_id, event_id)`);
    // The delivery log of a webhook, newest first, all or by status.
    await q.query(`CREATE INDEX ix_webhook_deliveries_log ON webhook_deliveries (webhook_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_webhook_deliveries_status ON webhook_deliveries (webhook_id, status, created_at DESC, id DESC)`);
    // The rescue sweep: pending deliveries whose next try is overdue (their job was lost with Redis).
    await q.query(`CREATE INDEX ix_webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    // The retention purge: settled deliveries by age (docs/adr/0060-retention.md).
    await q.query(`CREATE INDEX ix_webhook_deliveries_settled ON webhook_deliveries (updated_at) WHERE status <> 'pending'`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt >= 1),
        resend boolean NOT NULL DEFAULT false,
        attempted_at timestamptz NOT NULL,
        http_status integer,
        latency_ms integer NOT NULL CHECK (latency_ms >= 0),
        error varchar(300),
        CONSTRAINT ck_webhook_delivery_attempts_outcome CHECK (http_status IS NOT NULL OR error IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX ix_webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhooks`);
  }
}
