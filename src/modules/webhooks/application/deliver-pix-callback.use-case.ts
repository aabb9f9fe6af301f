import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { Clock } from '../../../shared/time/clock.js';
import { pixCallbackUrl } from '../domain/pix-callback.js';
import type { AttemptOutcome } from '../domain/webhook-delivery.aggregate.js';
import type { DeliverReport } from './deliver-webhook.use-case.js';
import { PixCallbackRepository } from './pix-callbacks.js';
import { PixWebhookRepository } from './pix-webhook.repository.js';
import { PIX_CALLBACK_JOB, queueNextTry, type DeliverJobData } from './webhook-jobs.js';
import { WebhookSender } from './webhook-transport.js';

/**
 * One try of one API Pix callback, as DeliverWebhookUseCase makes a delivery's: made only while still awaited,
 * sent through the same guarded sender (outbound guard at every connection, WEBHOOK_TIMEOUT_MS, no redirects)
 * to `<webhookUrl>/pix`, recorded under the row lock after the answer, the next try on WEBHOOK_RETRY_SCHEDULE.
 * No Standard Webhooks headers: API Pix's callback is authenticated by mutual TLS between the institutions,
 * a deployment matter (docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md). A 410 fails the callback only
 * (API Pix gives it no meaning); a webhook deleted ends its pending callbacks `failed`.
 */
@Injectable()
export class DeliverPixCallbackUseCase {
  private readonly logger = new Logger(DeliverPixCallbackUseCase.name);

  constructor(
    private readonly callbacks: PixCallbackRepository,
    private readonly webhooks: PixWebhookRepository,
    private readonly sender: WebhookSender,
    private readonly publisher: JobPublisher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'webhookRetryScheduleMs'>,
  ) {}

  async execute(job: DeliverJobData): Promise<DeliverReport> {
    const callback = await this.callbacks.find(job.deliveryId);
    if (!callback?.awaits(job.attempt)) return { result: 'skipped', outcome: null };
    const webhook = await this.webhooks.findById(callback.snapshot.webhookId);
    if (!webhook) {
      await this.uow.run(async () => {
        const locked = await this.callbacks.lock(job.deliveryId);
        if (!locked?.awaits(job.attempt)) return;
        locked.abandon('webhook deleted', this.clock.now());
        await this.callbacks.update(locked);
      });
      return { result: 'abandoned', outcome: null };
    }

    const startedAt = this.clock.now();
    const outcome: AttemptOutcome = await this.sender.send({ url: pixCallbackUrl(webhook.url), body: callback.snapshot.body, headers: {} });

    const decision = await this.uow.run(async () => {
      const locked = await this.callbacks.lock(job.deliveryId);
      if (!locked?.awaits(job.attempt)) return null; // another run recorded this try meanwhile
      const { decision } = locked.recordAttempt(outcome, {
        startedAt,
        now: this.clock.now(),
        schedule: this.config.webhookRetryScheduleMs,
        resend: false,
      });
      await this.callbacks.update(locked);
      return decision;
    });
    if (!decision) return { result: 'skipped', outcome };
    if (decision.kind === 'retry') await this.queueRetry(job, callback.snapshot.clientId, decision.retryAt);
    return { result: decision.kind, outcome };
  }

  private async queueRetry(job: DeliverJobData, clientId: string, retryAt: Date): Promise<void> {
    await queueNextTry(this.publisher, PIX_CALLBACK_JOB, job, clientId, retryAt.getTime() - this.clock.now().getTime(), (err) =>
      this.logger.warn({ err }, 'API Pix callback retry not queued; the rescue sweep will queue it'),
    );
  }
}
