import { Injectable } from '@nestjs/common';
import { SqlSession } from '../persistence/sql-session.js';

/** A committed webhook-visible event (catalogue `webhook: true`) not yet taken by the webhook dispatcher. */
export interface WebhookEvent {
  /** The outbox row (its order). */
  rowId: string;
  eventId: string;
  type: string;
  clientId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The webhook dispatcher's cursor over the outbox (`webhook_dispatched_at`, kept apart from the queue
 * relay's `published_at`). Both calls join the caller's transaction: claimed rows stay locked (SKIP
 * LOCKED for other dispatchers) until it commits with them marked.
 */
@Injectable()
export class WebhookEventFeed {
  constructor(private readonly sql: SqlSession) {}

  /** Up to `limit` undispatched webhook events, oldest first, row-locked (served by ix_outbox_webhook_pending). */
  claim(limit: number): Promise<WebhookEvent[]> {
    return this.sql.read<WebhookEvent>(
      `SELECT id::text AS "rowId", event_id AS "eventId", event_type AS type, client_id AS "clientId", payload, created_at AS "createdAt"
       FROM outbox_messages WHERE webhook AND webhook_dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markDispatched(rowIds: string[]): Promise<void> {
    if (rowIds.length === 0) return;
    await this.sql.write(`UPDATE outbox_messages SET webhook_dispatched_at = now() WHERE id = ANY($1::bigint[])`, [rowIds]);
  }
}
