import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { PixCallbackFeed, PixCallbackRepository, type PixCallbackEvent } from '../../application/pix-callbacks.js';
import { WebhookDelivery, type DeliveryStatus } from '../../domain/webhook-delivery.aggregate.js';
import type { PixCallbackOrmEntity } from './pix-webhook.orm-entity.js';

/**
 * The intake over `pix_callback_events`, which the `outbox_messages_pix_callback_events` trigger fills
 * (migration 1764293900000-pix-webhooks.ts); each row comes with its key's webhook as it is now.
 */
@Injectable()
export class SqlPixCallbackFeed extends PixCallbackFeed {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  claim(limit: number): Promise<PixCallbackEvent[]> {
    return this.sql.read<PixCallbackEvent>(
      `SELECT e.outbox_id::text AS "rowId", e.event_id AS "eventId", e.client_id AS "clientId", w.id AS "webhookId", e.payload,
              e.created_at AS "createdAt"
       FROM pix_callback_events e LEFT JOIN pix_webhooks w ON w.client_id = e.client_id AND w.chave = e.chave
       ORDER BY e.outbox_id LIMIT $1 FOR UPDATE OF e SKIP LOCKED`,
      [limit],
    );
  }

  async markDispatched(rowIds: string[]): Promise<void> {
    if (rowIds.length === 0) return;
    await this.sql.write(`DELETE FROM pix_callback_events WHERE outbox_id = ANY($1::bigint[])`, [rowIds]);
  }
}

const COLUMNS = `id, pix_webhook_id AS "pixWebhookId", client_id AS "clientId", event_id AS "eventId", body, status,
  attempt_count AS "attemptCount", next_attempt_at AS "nextAttemptAt", last_attempt_at AS "lastAttemptAt",
  last_http_status AS "lastHttpStatus", last_error AS "lastError", delivered_at AS "deliveredAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

function toDomain(r: PixCallbackOrmEntity): WebhookDelivery {
  const { pixWebhookId, ...rest } = r;
  return WebhookDelivery.restore({
    ...rest,
    webhookId: pixWebhookId,
    eventType: 'cash_in.completed',
    resendCount: 0,
    status: r.status as DeliveryStatus,
  });
}

/** `pix_callbacks`: API Pix callbacks as WebhookDelivery aggregates. */
@Injectable()
export class SqlPixCallbackRepository extends PixCallbackRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insertMany(callbacks: WebhookDelivery[]): Promise<Set<string>> {
    const s = callbacks.map((c) => c.snapshot);
    const rows = await this.sql.read<{ id: string }>(
      `INSERT INTO pix_callbacks (id, pix_webhook_id, client_id, event_id, body, status, next_attempt_at, created_at, updated_at)
       SELECT d.id, d.webhook_id, d.client_id, d.event_id, d.body, 'pending', d.at, d.at, d.at
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[])
         AS d(id, webhook_id, client_id, event_id, body, at)
       ON CONFLICT (pix_webhook_id, event_id) DO NOTHING
       RETURNING id`,
      [
        s.map((d) => d.id),
        s.map((d) => d.webhookId),
        s.map((d) => d.clientId),
        s.map((d) => d.eventId),
        s.map((d) => d.body),
        s.map((d) => d.createdAt),
      ],
    );
    return new Set(rows.map((r) => r.id));
  }

  async find(id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.sql.read<PixCallbackOrmEntity>(`SELECT ${COLUMNS} FROM pix_callbacks WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  async lock(id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.sql.read<PixCallbackOrmEntity>(`SELECT ${COLUMNS} FROM pix_callbacks WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toDomain(row) : null;
  }

  async update(callback: WebhookDelivery): Promise<void> {
    const d = callback.snapshot;
    await this.sql.write(
      `UPDATE pix_callbacks SET status = $2, attempt_count = $3, next_attempt_at = $4, last_attempt_at = $5, last_http_status = $6,
              last_error = $7, delivered_at = $8, updated_at = $9
       WHERE id = $1`,
      [d.id, d.status, d.attemptCount, d.nextAttemptAt, d.lastAttemptAt, d.lastHttpStatus, d.lastError, d.deliveredAt, d.updatedAt],
    );
  }

  async overdue(cutoff: Date, limit: number): Promise<WebhookDelivery[]> {
    // Served by ix_pix_callbacks_due.
    const rows = await this.sql.read<PixCallbackOrmEntity>(
      `SELECT ${COLUMNS} FROM pix_callbacks WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`,
      [cutoff, limit],
    );
    return rows.map(toDomain);
  }
}
