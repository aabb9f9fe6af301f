import { Injectable } from '@nestjs/common';
import { daysBefore, TableRetentionPurger } from '../../../../shared/retention/retention-purger.js';
import { WEBHOOK_DELIVERIES_RETENTION_DAYS } from './webhook-delivery.purger.js';

/** Deletes API Pix callbacks settled more than WEBHOOK_DELIVERIES_RETENTION_DAYS ago (ix_pix_callbacks_settled); pending ones stay. */
@Injectable()
export class PixCallbackPurger extends TableRetentionPurger {
  readonly name = 'pixCallbacks';
  protected readonly table = 'pix_callbacks';
  protected readonly condition = "status <> 'pending' AND updated_at < $1";

  protected cutoff(now: Date): Date {
    return daysBefore(now, WEBHOOK_DELIVERIES_RETENTION_DAYS);
  }
}
