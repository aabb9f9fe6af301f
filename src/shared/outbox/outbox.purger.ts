import { Injectable } from '@nestjs/common';
import { SqlSession } from '../persistence/sql-session.js';
import { daysBefore, deleteBatch, RetentionPurger } from '../retention/retention-purger.js';

/** Outbox rows are kept this many days after every consumer has them (queues, and webhooks for webhook events). */
export const OUTBOX_RETENTION_DAYS = 7;

/** Deletes outbox rows relayed more than OUTBOX_RETENTION_DAYS ago (served by ix_outbox_published_at). */
@Injectable()
export class OutboxPurger extends RetentionPurger {
  readonly name = 'outboxMessages';

  constructor(private readonly sql: SqlSession) {
    super();
  }

  purgeBatch(now: Date, limit: number): Promise<number> {
    // A webhook event stays until the webhook dispatcher has taken it.
    return deleteBatch(
      this.sql,
      'outbox_messages',
      'published_at < $1 AND (NOT webhook OR webhook_dispatched_at IS NOT NULL)',
      daysBefore(now, OUTBOX_RETENTION_DAYS),
      limit,
    );
  }
}
