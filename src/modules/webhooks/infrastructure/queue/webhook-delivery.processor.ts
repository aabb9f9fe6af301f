import { performance } from 'node:perf_hooks';
import { Inject, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { OnJob, QueueConsumer, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_WEBHOOKS } from '../../../../shared/queue/queue.names.js';
import { DeliverWebhookUseCase, type DeliverReport, type DeliverResult } from '../../application/deliver-webhook.use-case.js';
import { DeliverPixCallbackUseCase } from '../../application/deliver-pix-callback.use-case.js';
import { DELIVER_JOB, PIX_CALLBACK_JOB, type DeliverJobData } from '../../application/webhook-jobs.js';
import type { AttemptOutcome } from '../../domain/webhook-delivery.aggregate.js';
import { DeliverySlots } from './delivery-slots.js';
import { TargetCircuit, type TryEnd } from './target-circuit.js';

/** Deliveries in flight per worker process, over all clients and targets. */
export const WEBHOOK_CONCURRENCY = 32;

/** After 3 timeouts in a row a webhook is left alone 30 s, then probed; each failed probe doubles that, up to 10 min. */
export const CIRCUIT = { threshold: 3, cooldownMs: 30_000, maxCooldownMs: 600_000 } as const;

/** A job put off (full share, busy target) comes back after 1-2 s, growing to about 30-60 s for one put off many times. */
export function deferralMs(deferrals: number, random = Math.random()): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(deferrals, 5)) * (1 + random);
}

/** How a job's try ended, as the circuit counts it: only a timeout counts against the target. */
export function tryEnd(outcome: AttemptOutcome | null): TryEnd {
  if (outcome === null) return 'not_sent';
  return outcome.kind === 'unanswered' && outcome.error === 'timeout' ? 'timed_out' : 'ended';
}

/** Thrown to hand a job back to Bull for later, without a try (its `retryInMs` feeds the `webhook` backoff). */
export class DeliveryDeferred extends Error {
  constructor(
    readonly reason: 'client_share_full' | 'target_full' | 'circuit_open',
    readonly retryInMs: number,
  ) {
    super(`deferred: ${reason}`);
    this.stack = this.message; // no stack trace kept in Redis for each deferral
  }
}

/**
 * The `webhooks` queue consumer (APP_ROLE worker or all): one try per job. Per process, a client's tries
 * take at most its share of the slots (WEBHOOK_CLIENT_CONCURRENCY) and a webhook's at most
 * WEBHOOK_TARGET_CONCURRENCY, and a webhook that keeps timing out is left alone for a while (TargetCircuit).
 * A job that may not go now is put off (back to Bull, delayed, no try recorded), so it never holds a queue
 * slot another client's job could use; its try is made later, as the same try.
 */
@QueueConsumer(QUEUE_WEBHOOKS)
export class WebhookDeliveryProcessor {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);
  private readonly slots: DeliverySlots;
  private readonly circuit: TargetCircuit;
  /** Monotonic milliseconds (tests put their own). */
  now: () => number = () => performance.now();

  constructor(
    private readonly deliver: DeliverWebhookUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly deliverPix: DeliverPixCallbackUseCase,
  ) {
    this.slots = new DeliverySlots({ perClient: config.webhookClientConcurrency, perTarget: config.webhookTargetConcurrency });
    this.circuit = new TargetCircuit({ ...CIRCUIT, probeMs: config.webhookTimeoutMs });
  }

  @OnJob(DELIVER_JOB, WEBHOOK_CONCURRENCY)
  handle(job: QueueJob<DeliverJobData>): Promise<DeliverResult> {
    return this.within(job, () => this.deliver.execute(job.data));
  }

  /**
   * An API Pix callback's try (docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md): the same shares,
   * per-target bound and backoff as a delivery's (its `webhookId` is the API Pix webhook's), out of the same slots.
   */
  @OnJob(PIX_CALLBACK_JOB, WEBHOOK_CONCURRENCY)
  handlePixCallback(job: QueueJob<DeliverJobData>): Promise<DeliverResult> {
    return this.within(job, () => this.deliverPix.execute(job.data));
  }

  private async within(job: QueueJob<DeliverJobData>, execute: () => Promise<DeliverReport>): Promise<DeliverResult> {
    const { webhookId } = job.data;
    // A job queued by an older version names no client: its webhook stands in for it.
    const clientId = job.data.clientId ?? webhookId;
    // A resend was asked for by a person: it passes an open circuit (and its answer may close it).
    const pass = this.circuit.enter(webhookId, this.now(), { force: job.data.resend });
    if (pass.kind === 'wait') throw new DeliveryDeferred('circuit_open', pass.retryInMs);
    const refusal = this.slots.take(clientId, webhookId);
    if (refusal) {
      this.circuit.leave(webhookId, pass, 'not_sent', this.now());
      throw new DeliveryDeferred(refusal, deferralMs(job.attemptsMade));
    }
    let end: TryEnd = 'not_sent';
    try {
      const report = await execute();
      end = tryEnd(report.outcome);
      return report.result;
    } finally {
      this.slots.give(clientId, webhookId);
      const cooldownMs = this.circuit.leave(webhookId, pass, end, this.now());
      if (cooldownMs !== null) this.logger.warn({ webhookId, cooldownMs }, 'webhook target keeps timing out: its tries are put off');
    }
  }
}
