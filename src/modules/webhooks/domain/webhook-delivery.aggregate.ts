import { DomainError } from '../../../shared/errors/domain-error.js';
import { httpStatusError, type DeliveryErrorCategory } from './delivery-error.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return (DELIVERY_STATUSES as readonly string[]).includes(value);
}

/** What one try got: an HTTP answer (any status), or no answer and why, as a category (never the raw error). */
export type AttemptOutcome =
  { kind: 'answered'; httpStatus: number; latencyMs: number } | { kind: 'unanswered'; error: DeliveryErrorCategory; latencyMs: number };

/** One try, as the delivery log shows it. */
export interface DeliveryAttempt {
  attempt: number;
  resend: boolean;
  attemptedAt: Date;
  httpStatus: number | null;
  latencyMs: number;
  error: string | null;
}

/** What follows a try: done, another try at `retryAt`, given up, or the target is gone (410: disable the webhook). */
export type AttemptDecision = { kind: 'delivered' } | { kind: 'retry'; retryAt: Date } | { kind: 'failed' } | { kind: 'gone' };

export interface DeliveryState {
  id: string;
  webhookId: string;
  clientId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON sent (and signed): `{id, type, created_at, data}`. */
  body: string;
  status: DeliveryStatus;
  attemptCount: number;
  resendCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const ERROR_MAX = 300;

/** Only a 2xx delivers; 410 Gone means the receiver wants no more; anything else is worth another try. */
export function outcomeKind(outcome: AttemptOutcome): 'delivered' | 'gone' | 'retryable' {
  if (outcome.kind === 'unanswered') return 'retryable';
  if (outcome.httpStatus >= 200 && outcome.httpStatus < 300) return 'delivered';
  return outcome.httpStatus === 410 ? 'gone' : 'retryable';
}

/**
 * One event on its way to one webhook. It is `pending` until a try gets a 2xx (`delivered`) or the tries
 * run out, the target answers 410 or the webhook stops (`failed`). `attemptCount` counts the tries
 * recorded; a job knows which try it makes, so a stale job (its try already recorded) changes nothing.
 */
export class WebhookDelivery {
  private constructor(private state: DeliveryState) {}

  static forEvent(p: {
    id: string;
    webhookId: string;
    clientId: string;
    eventId: string;
    eventType: string;
    body: string;
    now: Date;
  }): WebhookDelivery {
    return new WebhookDelivery({
      ...p,
      status: 'pending',
      attemptCount: 0,
      resendCount: 0,
      nextAttemptAt: p.now,
      lastAttemptAt: null,
      lastHttpStatus: null,
      lastError: null,
      deliveredAt: null,
      createdAt: p.now,
      updatedAt: p.now,
    });
  }

  static restore(state: DeliveryState): WebhookDelivery {
    return new WebhookDelivery({ ...state });
  }

  get snapshot(): Readonly<DeliveryState> {
    return this.state;
  }

  /** Whether try number `attempt` is still to be made (not already recorded, and the delivery not settled). */
  awaits(attempt: number): boolean {
    return this.state.status === 'pending' && this.state.attemptCount === attempt - 1;
  }

  /**
   * Records try number `attemptCount + 1`, made at `startedAt` and answered (or not) by `now`. After try n
   * fails, try n + 1 follows `schedule[n - 1]` later; once the schedule is spent (tries beyond it come only
   * from resends) a failed try fails the delivery.
   */
  recordAttempt(
    outcome: AttemptOutcome,
    p: { startedAt: Date; now: Date; schedule: readonly number[]; resend: boolean },
  ): {
    decision: AttemptDecision;
    attempt: DeliveryAttempt;
  } {
    const attemptNo = this.state.attemptCount + 1;
    const attempt: DeliveryAttempt = {
      attempt: attemptNo,
      resend: p.resend,
      attemptedAt: p.startedAt,
      httpStatus: outcome.kind === 'answered' ? outcome.httpStatus : null,
      latencyMs: Math.max(0, Math.round(outcome.latencyMs)),
      error: describe(outcome),
    };
    const base = {
      ...this.state,
      attemptCount: attemptNo,
      lastAttemptAt: p.startedAt,
      lastHttpStatus: attempt.httpStatus,
      lastError: attempt.error,
      updatedAt: p.now,
    };
    const kind = outcomeKind(outcome);
    const wait = p.schedule[attemptNo - 1];
    let decision: AttemptDecision;
    if (kind === 'delivered') {
      this.state = { ...base, status: 'delivered', deliveredAt: p.now, nextAttemptAt: null };
      decision = { kind: 'delivered' };
    } else if (kind === 'gone' || wait === undefined) {
      this.state = { ...base, status: 'failed', nextAttemptAt: null };
      decision = { kind: kind === 'gone' ? 'gone' : 'failed' };
    } else {
      const retryAt = new Date(p.now.getTime() + wait);
      this.state = { ...base, nextAttemptAt: retryAt };
      decision = { kind: 'retry', retryAt };
    }
    return { decision, attempt };
  }

  /** The webhook was disabled or deleted: no more tries. */
  abandon(reason: string, now: Date): void {
    if (this.state.status !== 'pending') return;
    this.state = { ...this.state, status: 'failed', nextAttemptAt: null, lastError: reason.slice(0, ERROR_MAX), updatedAt: now };
  }

  /**
   * Asked to send again now (the resend endpoint): a failed delivery becomes pending for another try (one
   * try when its schedule is spent; otherwise the schedule goes on from where it stopped); a pending one
   * is tried now instead of at its next retry. A delivered one is refused. Returns the try's number.
   */
  resend(now: Date): number {
    if (this.state.status === 'delivered') {
      throw new DomainError('DELIVERY_ALREADY_DELIVERED', 'This delivery already reached the webhook (a 2xx answer); it is not sent again');
    }
    this.state = { ...this.state, status: 'pending', nextAttemptAt: now, resendCount: this.state.resendCount + 1, updatedAt: now };
    return this.state.attemptCount + 1;
  }
}

function describe(outcome: AttemptOutcome): string | null {
  if (outcome.kind === 'unanswered') return outcome.error;
  if (outcomeKind(outcome) === 'delivered') return null;
  return httpStatusError(outcome.httpStatus);
}
