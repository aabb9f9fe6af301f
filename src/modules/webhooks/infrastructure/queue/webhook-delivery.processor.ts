import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { OnJob, QueueConsumer, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_WEBHOOKS } from '../../../../shared/queue/queue.names.js';
import { DeliverWebhookUseCase, type DeliverResult } from '../../application/deliver-webhook.use-case.js';
import { DELIVER_JOB, type DeliverJobData } from '../../application/webhook-jobs.js';
import { TargetGate } from './target-gate.js';

/** Deliveries in flight per worker process, over all targets. */
export const WEBHOOK_CONCURRENCY = 32;

/** A busy target's job comes back after 1-2 s, growing to about 30 s for a job deferred many times. */
export function deferralMs(deferrals: number, random = Math.random()): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(deferrals, 5)) * (1 + random);
}

/** Thrown to hand a job back to Bull for later, without a try (its `retryInMs` feeds the `webhook` backoff). */
class TargetBusy extends Error {
  constructor(readonly retryInMs: number) {
    super('target busy: deferred');
    this.stack = this.message; // no stack trace kept in Redis for each deferral
  }
}

/** The `webhooks` queue consumer (APP_ROLE worker or all): one try per job, at most N at once per target. */
@QueueConsumer(QUEUE_WEBHOOKS)
export class WebhookDeliveryProcessor {
  private readonly gate: TargetGate;

  constructor(
    private readonly deliver: DeliverWebhookUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.gate = new TargetGate(config.webhookTargetConcurrency);
  }

  @OnJob(DELIVER_JOB, WEBHOOK_CONCURRENCY)
  async handle(job: QueueJob<DeliverJobData>): Promise<DeliverResult> {
    const target = job.data.webhookId;
    if (!this.gate.tryEnter(target)) throw new TargetBusy(deferralMs(job.attemptsMade));
    try {
      return await this.deliver.execute(job.data);
    } finally {
      this.gate.leave(target);
    }
  }
}
