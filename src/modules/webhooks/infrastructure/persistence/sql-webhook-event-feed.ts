import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { WebhookEventFeed, type WebhookEvent } from '../../application/webhook-event-feed.js';

/**
 * The intake over `webhook_events`, which the `outbox_messages_webhook_events` trigger fills in each event's
 * own transaction (migration 1764070000000-webhook-events.ts). A taken event is deleted, so the table holds
 * only what waits.
 */
@Injectable()
export class SqlWebhookEventFeed extends WebhookEventFeed {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  claim(limit: number): Promise<WebhookEvent[]> {
    return this.sql.read<WebhookEvent>(
      `SELECT outbox_id::text AS "rowId", event_id AS "eventId", event_type AS type, client_id AS "clientId", payload, created_at AS "createdAt"
       FROM webhook_events ORDER BY outbox_id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markDispatched(rowIds: string[]): Promise<void> {
    if (rowIds.length === 0) return;
    await this.sql.write(`DELETE FROM webhook_events WHERE outbox_id = ANY($1::bigint[])`, [rowIds]);
  }
}
