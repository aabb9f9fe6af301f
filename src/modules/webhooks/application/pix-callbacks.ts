import type { WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';

/** A payment waiting for its API Pix callback: a `cash_in.completed` with a txid to a key that has a webhook. */
export interface PixCallbackEvent {
  /** The outbox row's id (the order). */
  rowId: string;
  eventId: string;
  clientId: string;
  /** The key's webhook now; null when it was deleted since the event was taken in. */
  webhookId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Port: the callbacks' intake (`pix_callback_events`, filled by a trigger in the event's transaction). Both
 * calls join the caller's transaction: claimed rows stay locked (skipped by other dispatchers) until it commits.
 */
export abstract class PixCallbackFeed {
  abstract claim(limit: number): Promise<PixCallbackEvent[]>;
  abstract markDispatched(rowIds: string[]): Promise<void>;
}

/**
 * Port to stored callbacks (`pix_callbacks`), each a WebhookDelivery (the same states, tries and retry
 * schedule as a Standard Webhooks delivery) whose `webhookId` is the API Pix webhook's. Writes join the
 * caller's unit of work.
 */
export abstract class PixCallbackRepository {
  /** Inserts; an event already called back to that webhook adds nothing. Returns the ids inserted. */
  abstract insertMany(callbacks: WebhookDelivery[]): Promise<Set<string>>;
  abstract find(id: string): Promise<WebhookDelivery | null>;
  /** Row-locked until the transaction ends. */
  abstract lock(id: string): Promise<WebhookDelivery | null>;
  abstract update(callback: WebhookDelivery): Promise<void>;
  /** Pending callbacks whose next try was due at `cutoff` or before, most overdue first. */
  abstract overdue(cutoff: Date, limit: number): Promise<WebhookDelivery[]>;
}
