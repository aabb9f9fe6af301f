import { shownDeliveryError } from '../domain/delivery-error.js';
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';
import { ALL_EVENTS, type Webhook, type WebhookStatus } from '../domain/webhook.aggregate.js';

/** A webhook as the API shows it (never its secret, except once at creation: `secret`). */
export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  status: WebhookStatus;
  disabled_reason: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  resend_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_http_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AttemptRecord {
  attempt: number;
  resend: boolean;
  attempted_at: string;
  http_status: number | null;
  latency_ms: number;
  error: string | null;
}

export interface DeliveryDetailRecord extends DeliveryRecord {
  /** The notification body exactly as sent. */
  payload: unknown;
  attempts: AttemptRecord[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function webhookRecord(webhook: Webhook, now: Date): WebhookRecord {
  const w = webhook.snapshot;
  const overlap = w.previousSecretExpiresAt && w.previousSecretExpiresAt > now ? w.previousSecretExpiresAt : null;
  return {
    id: w.id,
    url: w.url,
    events: w.events.length === 0 ? [ALL_EVENTS] : [...w.events],
    status: w.status,
    disabled_reason: w.disabledReason,
    previous_secret_expires_at: iso(overlap),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export function deliveryRecord(delivery: WebhookDelivery): DeliveryRecord {
  const d = delivery.snapshot;
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempt_count: d.attemptCount,
    resend_count: d.resendCount,
    next_attempt_at: iso(d.nextAttemptAt),
    last_attempt_at: iso(d.lastAttemptAt),
    last_http_status: d.lastHttpStatus,
    last_error: shownDeliveryError(d.lastError),
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export function attemptRecord(a: DeliveryAttempt): AttemptRecord {
  return {
    attempt: a.attempt,
    resend: a.resend,
    attempted_at: a.attemptedAt.toISOString(),
    http_status: a.httpStatus,
    latency_ms: a.latencyMs,
    error: shownDeliveryError(a.error),
  };
}
