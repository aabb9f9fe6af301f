import { Injectable } from '@nestjs/common';
import { PAGE_TOTAL_CAP } from '../../../../shared/persistence/page-window.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { WebhookDeliveryRepository } from '../../application/webhook-delivery.repository.js';
import { WebhookDelivery, type DeliveryAttempt, type DeliveryStatus } from '../../domain/webhook-delivery.aggregate.js';
import type { WebhookDeliveryOrmEntity } from './webhook.orm-entity.js';

const COLUMNS = `id, webhook_id AS "webhookId", client_id AS "clientId", event_id AS "eventId", event_type AS "eventType", body, status,
  attempt_count AS "attemptCount", resend_count AS "resendCount", next_attempt_at AS "nextAttemptAt",
  last_attempt_at AS "lastAttemptAt", last_http_status AS "lastHttpStatus", last_error AS "lastError",
  delivered_at AS "deliveredAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

function toDomain(r: WebhookDeliveryOrmEntity): WebhookDelivery {
  return WebhookDelivery.restore({ ...r, status: r.status as DeliveryStatus });
}

@Injectable()
export class SqlWebhookDeliveryRepository extends WebhookDeliveryRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insertMany(deliveries: WebhookDelivery[]): Promise<Set<string>> {
    const s = deliveries.map((d) => d.snapshot);
    // One statement for the batch; the unique (webhook_id, event_id) index makes a re-dispatch add nothing.
    const rows = await this.sql.read<{ id: string }>(
      `INSERT INTO webhook_deliveries (id, webhook_id, client_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
       SELECT d.id, d.webhook_id, d.client_id, d.event_id, d.event_type, d.body, 'pending', d.at, d.at, d.at
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::varchar[], $6::text[], $7::timestamptz[])
         AS d(id, webhook_id, client_id, event_id, event_type, body, at)
       ON CONFLICT (webhook_id, event_id) DO NOTHING
       RETURNING id`,
      [
        s.map((d) => d.id),
        s.map((d) => d.webhookId),
        s.map((d) => d.clientId),
        s.map((d) => d.eventId),
        s.map((d) => d.eventType),
        s.map((d) => d.body),
        s.map((d) => d.createdAt),
      ],
    );
    return new Set(rows.map((r) => r.id));
  }

  async update(delivery: WebhookDelivery): Promise<void> {
    const d = delivery.snapshot;
    await this.sql.write(
      `UPDATE webhook_deliveries SET status = $2, attempt_count = $3, resend_count = $4, next_attempt_at = $5, last_attempt_at = $6,
              last_http_status = $7, last_error = $8, delivered_at = $9, updated_at = $10
       WHERE id = $1`,
      [
        d.id,
        d.status,
        d.attemptCount,
        d.resendCount,
        d.nextAttemptAt,
        d.lastAttemptAt,
        d.lastHttpStatus,
        d.lastError,
        d.deliveredAt,
        d.updatedAt,
      ],
    );
  }

  async find(id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.sql.read<WebhookDeliveryOrmEntity>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  async findForClient(clientId: string, id: string): Promise<WebhookDelivery | null> {
    const [row] = await this.sql.read<WebhookDeliveryOrmEntity>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND client_id = $2`,
      [id, clientId],
    );
    return row ? toDomain(row) : null;
  }

  async lock(id: string, clientId?: string): Promise<WebhookDelivery | null> {
    const [row] = await this.sql.read<WebhookDeliveryOrmEntity>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1 AND ($2::uuid IS NULL OR client_id = $2) FOR UPDATE`,
      [id, clientId ?? null],
    );
    return row ? toDomain(row) : null;
  }

  async addAttempt(deliveryId: string, a: DeliveryAttempt): Promise<void> {
    await this.sql.write(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, resend, attempted_at, http_status, latency_ms, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [deliveryId, a.attempt, a.resend, a.attemptedAt, a.httpStatus, a.latencyMs, a.error],
    );
  }

  attemptsOf(deliveryId: string): Promise<DeliveryAttempt[]> {
    return this.sql.read<DeliveryAttempt>(
      `SELECT attempt, resend, attempted_at AS "attemptedAt", http_status AS "httpStatus", latency_ms AS "latencyMs", error
       FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY id`,
      [deliveryId],
    );
  }

  async list(
    webhookId: string,
    status: DeliveryStatus | null,
    limit: number,
    offset: number,
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    // Served by ix_webhook_deliveries_log (all) and ix_webhook_deliveries_status (one status).
    const where = status ? 'webhook_id = $1 AND status = $2' : 'webhook_id = $1 AND $2::text IS NULL';
    const [rows, [count]] = await Promise.all([
      this.sql.read<WebhookDeliveryOrmEntity>(
        `SELECT ${COLUMNS} FROM webhook_deliveries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [webhookId, status, limit, offset],
      ),
      // The count reads at most PAGE_TOTAL_CAP rows (the LIMIT sits inside).
      this.sql.read<{ total: number }>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM webhook_deliveries WHERE ${where} LIMIT $3) capped`,
        [webhookId, status, PAGE_TOTAL_CAP],
      ),
    ]);
    return { items: rows.map(toDomain), total: count?.total ?? 0 };
  }

  async overdue(cutoff: Date, limit: number): Promise<WebhookDelivery[]> {
    // Served by ix_webhook_deliveries_due.
    const rows = await this.sql.read<WebhookDeliveryOrmEntity>(
      `SELECT ${COLUMNS} FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`,
      [cutoff, limit],
    );
    return rows.map(toDomain);
  }
}
