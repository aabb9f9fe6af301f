import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { QUEUE_WEBHOOKS } from '../../../shared/queue/queue.names.js';
import { PixCallbackRepository } from './pix-callbacks.js';
import { DELIVER_JOB_OPTIONS, deliverJobId, PIX_CALLBACK_JOB, type DeliverJobData } from './webhook-jobs.js';

const RESCUE_WINDOW_MS = 3_600_000;

/** DeliveryRescue's rule for API Pix callbacks: a pending callback overdue by WEBHOOK_RESCUE_AFTER_MS is queued again, once an hour at most. */
@Injectable()
export class PixCallbackRescue {
  constructor(
    private readonly callbacks: PixCallbackRepository,
    private readonly publisher: JobPublisher,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'webhookRescueAfterMs'>,
  ) {}

  async rescue(now: Date, limit: number): Promise<number> {
    const overdue = await this.callbacks.overdue(new Date(now.getTime() - this.config.webhookRescueAfterMs), limit);
    const window = Math.floor(now.getTime() / RESCUE_WINDOW_MS);
    await Promise.all(
      overdue.map((callback) => {
        const c = callback.snapshot;
        const job: DeliverJobData = {
          deliveryId: c.id,
          webhookId: c.webhookId,
          clientId: c.clientId,
          attempt: c.attemptCount + 1,
          resend: false,
        };
        return this.publisher.publish(QUEUE_WEBHOOKS, PIX_CALLBACK_JOB, job, {
          ...DELIVER_JOB_OPTIONS,
          jobId: deliverJobId(c.id, job.attempt, `rescue${window}`),
        });
      }),
    );
    return overdue.length;
  }
}
