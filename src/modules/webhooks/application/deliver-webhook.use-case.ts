import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { Clock } from '../../../shared/time/clock.js';
import { Metrics, type OutcomeCounter } from '../../../shared/metrics/metrics.js';
import type { AttemptDecision, AttemptOutcome } from '../domain/webhook-delivery.aggregate.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { DELIVER_JOB, queueNextTry, type DeliverJobData } from './webhook-jobs.js';
import { WebhookSender, WebhookSigner } from './webhook-transport.js';
import { WebhookRepository } from './webhook.repository.js';

export type DeliverResult = AttemptDecision['kind'] | 'skipped' | 'abandoned';

/** What one job did, and what the target did when a request went out (null when none did). */
export interface DeliverReport {
  result: DeliverResult;
  outcome: AttemptOutcome | null;
}

/** Why a 410 stopped a webhook (shown as its `disabled_reason`). */
export const GONE_REASON = 'the target answered 410 Gone';

/**
 * `webhook_deliveries_total{outcome}`, per process: one per try recorded, after its commit. `failed` is
 * the last try failing or a 410 (which also disables the webhook). No webhook, client or URL label.
 */
export const WEBHOOK_DELIVERIES = {
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery tries recorded, by outcome: delivered, retry_scheduled or failed',
  labelNames: ['outcome'],
} as const;

const OUTCOME_LABEL: Record<AttemptDecision['kind'], 'delivered' | 'retry_scheduled' | 'failed'> = {
  delivered: 'delivered',
  retry: 'retry_scheduled',
  failed: 'failed',
  gone: 'failed',
};

/**
 * One try of one delivery. The try is made only if it is still awaited (its number not yet recorded,
 * the delivery pending), and recorded under the delivery's row lock after the answer, with the next
 * try's job queued after the commit. No lock is held while the request is out. A worker killed during
 * the request recorded nothing, so its job runs again (Bull's stalled-job check): a receiver may see a
 * message twice (at least once: dedupe on `webhook-id`), never zero times.
 */
@Injectable()
export class DeliverWebhookUseCase {
  private readonly logger = new Logger(DeliverWebhookUseCase.name);
  private readonly tries: OutcomeCounter<'outcome'>;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly webhooks: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly signer: WebhookSigner,
    private readonly publisher: JobPublisher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'webhookRetryScheduleMs'>,
    metrics: Metrics,
  ) {
    this.tries = metrics.counter(WEBHOOK_DELIVERIES);
  }

  async execute(job: DeliverJobData): Promise<DeliverReport> {
    const delivery = await this.deliveries.find(job.deliveryId);
    if (!delivery?.awaits(job.attempt)) return { result: 'skipped', outcome: null };
    const webhook = await this.webhooks.findById(delivery.snapshot.webhookId);
    if (!webhook?.isActive) {
      await this.uow.run(async () => {
        const locked = await this.deliveries.lock(job.deliveryId);
        if (!locked?.awaits(job.attempt)) return;
        locked.abandon(webhook ? `webhook disabled: ${webhook.snapshot.disabledReason ?? ''}` : 'webhook deleted', this.clock.now());
        await this.deliveries.update(locked);
      });
      return { result: 'abandoned', outcome: null };
    }

    const d = delivery.snapshot;
    const startedAt = this.clock.now();
    const secrets = webhook.signingSecrets(startedAt);
    const outcome: AttemptOutcome =
      secrets.length === 0
        ? this.unsigned(d.webhookId)
        : await this.sender.send({
            url: webhook.snapshot.url,
            body: d.body,
            headers: {
              'webhook-id': d.eventId,
              'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
              'webhook-signature': this.signer.sign(secrets, d.eventId, startedAt, d.body),
            },
          });

    const decision = await this.uow.run(async () => {
      const locked = await this.deliveries.lock(job.deliveryId);
      if (!locked?.awaits(job.attempt)) return null; // another run recorded this try meanwhile
      const { decision, attempt } = locked.recordAttempt(outcome, {
        startedAt,
        now: this.clock.now(),
        schedule: this.config.webhookRetryScheduleMs,
        resend: job.resend,
      });
      await this.deliveries.update(locked);
      await this.deliveries.addAttempt(job.deliveryId, attempt);
      if (decision.kind === 'gone') {
        const target = await this.webhooks.lock(d.clientId, d.webhookId);
        if (target) {
          target.disable(GONE_REASON, this.clock.now());
          await this.webhooks.update(target);
        }
      }
      return decision;
    });
    if (!decision) return { result: 'skipped', outcome };
    this.tries.inc({ outcome: OUTCOME_LABEL[decision.kind] });
    if (decision.kind === 'retry') await this.queueRetry(job, d.clientId, decision.retryAt);
    return { result: decision.kind, outcome };
  }

  /**
   * No configured key opens the webhook's secret: nothing is sent unsigned, and the try fails like any
   * other, so its retries deliver once the key is given back (or the client rotates the secret).
   */
  private unsigned(webhookId: string): AttemptOutcome {
    this.logger.error(
      { webhookId },
      'webhook signing secret unreadable under WEBHOOK_SECRETS_KEY and WEBHOOK_SECRETS_PREVIOUS_KEYS: try failed, nothing sent',
    );
    return { kind: 'unanswered', error: 'signing_secret_unavailable', latencyMs: 0 };
  }

  /** The next try's job; if Redis refuses it now, the rescue sweep queues it once it is overdue. */
  private async queueRetry(job: DeliverJobData, clientId: string, retryAt: Date): Promise<void> {
    await queueNextTry(this.publisher, DELIVER_JOB, job, clientId, retryAt.getTime() - this.clock.now().getTime(), (err) =>
      this.logger.warn({ err }, 'webhook retry not queued; the rescue sweep will queue it'),
    );
  }
}
