import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { daysBefore, deleteBatch, RetentionPurger } from '../../../../shared/retention/retention-purger.js';

/** Webhook deliveries (and their tries) are kept this many days after they were delivered or failed, for the delivery log. */
export const WEBHOOK_DELIVERIES_RETENTION_DAYS = 30;

/**
 * Deletes deliveries settled more than WEBHOOK_DELIVERIES_RETENTION_DAYS ago (served by
 * ix_webhook_deliveries_settled); their tries go with them (ON DELETE CASCADE). Pending ones are never purged.
 */
@Injectable()
export class WebhookDeliveryPurger extends RetentionPurger {
  readonly name = 'webhookDeliveries';

  constructor(private readonly sql: SqlSession) {
    super();
  }

  purgeBatch(now: Date, limit: number): Promise<number> {
    return deleteBatch(
      this.sql,
      'webhook_deliveries',
      "status <> 'pending' AND updated_at < $1",
      daysBefore(now, WEBHOOK_DELIVERIES_RETENTION_DAYS),
      limit,
    );
  }
}
