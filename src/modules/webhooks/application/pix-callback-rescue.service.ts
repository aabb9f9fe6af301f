import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { PixCallbackRepository } from './pix-callbacks.js';
import { PIX_CALLBACK_JOB, requeueOverdue } from './webhook-jobs.js';

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
    await requeueOverdue(
      this.publisher,
      PIX_CALLBACK_JOB,
      overdue.map((c) => c.snapshot),
      now,
    );
    return overdue.length;
  }
}
