import { Injectable } from '@nestjs/common';
import { daysBefore, TableRetentionPurger } from '../../../../shared/retention/retention-purger.js';

/** Webhook deliveries (and their tries) are kept this many days after they were delivered or failed, for the delivery log. */
export const WEBHOOK_DELIVERIES_RETENTION_DAYS = 30;

/**
 * Deletes deliveries settled more than WEBHOOK_DELIVERIES_RETENTION_DAYS ago (served by
 * ix_webhook_deliveries_settled); their tries go with them (ON DELETE CASCADE). Pending ones are never purged.
 */
@Injectable()
export class WebhookDeliveryPurger extends TableRetentionPurger {
  readonly name = 'webhookDeliveries';
  protected readonly table = 'webhook_deliveries';
  protected readonly condition = "status <> 'pending' AND updated_at < $1";

  protected cutoff(now: Date): Date {
    return daysBefore(now, WEBHOOK_DELIVERIES_RETENTION_DAYS);
  }
}
