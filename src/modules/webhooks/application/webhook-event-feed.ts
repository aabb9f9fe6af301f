/** A committed webhook-visible event (catalogue `webhook: true`) not yet taken by a webhook dispatcher. */
export interface WebhookEvent {
  /** The outbox row's id (the order; a webhook receives the events after its `from_event_row`). */
  rowId: string;
  eventId: string;
  type: string;
  clientId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Port: the webhook dispatcher's intake, the events waiting for it (docs/adr/0202-webhook-events-have-their-own-intake.md).
 * Both calls join the caller's transaction: claimed events stay locked (skipped by other dispatchers) until it
 * commits with them taken, or rolls back and leaves them waiting. Each event waits on its own, so events whose
 * transactions commit out of order are all taken, whatever the order.
 */
export abstract class WebhookEventFeed {
  /** Up to `limit` waiting events, oldest first, locked for the caller's transaction; those locked by others are skipped. */
  abstract claim(limit: number): Promise<WebhookEvent[]>;

  /** The claimed events are taken: they leave the intake when the caller's transaction commits. */
  abstract markDispatched(rowIds: string[]): Promise<void>;
}
