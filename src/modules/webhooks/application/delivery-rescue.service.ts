import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { DELIVER_JOB, requeueOverdue } from './webhook-jobs.js';

export const DELIVERY_RESCUE_BATCH = 200;

/**
 * Finds deliveries whose next try is overdue by more than WEBHOOK_RESCUE_AFTER_MS (their job was lost:
 * Redis flushed or failed over, or the queueing after a commit failed) and queues that try again. The job
 * id carries the hour, so several workers queue it once, and a try that is only late (a backlog, a busy
 * target's deferrals) gains at most one extra job an hour; whichever job runs first makes the try and
 * the other finds it recorded and does nothing.
 */
@Injectable()
export class DeliveryRescue {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly publisher: JobPublisher,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'webhookRescueAfterMs'>,
  ) {}

  async rescue(now: Date, limit: number): Promise<number> {
    const overdue = await this.deliveries.overdue(new Date(now.getTime() - this.config.webhookRescueAfterMs), limit);
    await requeueOverdue(
      this.publisher,
      DELIVER_JOB,
      overdue.map((d) => d.snapshot),
      now,
    );
    return overdue.length;
  }
}
