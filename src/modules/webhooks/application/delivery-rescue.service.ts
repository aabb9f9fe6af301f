import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { QUEUE_WEBHOOKS } from '../../../shared/queue/queue.names.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { DELIVER_JOB, DELIVER_JOB_OPTIONS, deliverJobId, type DeliverJobData } from './webhook-jobs.js';

export const DELIVERY_RESCUE_BATCH = 200;

/** A rescue job id names the hour, so a try is queued again at most once an hour. */
const RESCUE_WINDOW_MS = 3_600_000;

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
    const window = Math.floor(now.getTime() / RESCUE_WINDOW_MS);
    await Promise.all(
      overdue.map((delivery) => {
        const d = delivery.snapshot;
        const job: DeliverJobData = {
          deliveryId: d.id,
          webhookId: d.webhookId,
          clientId: d.clientId,
          attempt: d.attemptCount + 1,
          resend: false,
        };
        return this.publisher.publish(QUEUE_WEBHOOKS, DELIVER_JOB, job, {
          ...DELIVER_JOB_OPTIONS,
          jobId: deliverJobId(d.id, job.attempt, `rescue${window}`),
        });
      }),
    );
    return overdue.length;
  }
}
