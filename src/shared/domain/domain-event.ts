/**
 * Something that happened to an aggregate. Written to the outbox in the state change's transaction;
 * `webhook` events are also offered to the client's webhook subscriptions.
 */
export interface DomainEvent {
  type: string;
  aggregateId: string;
  /** The client the event concerns (webhooks are per client); null for internal events. */
  clientId: string | null;
  payload: Record<string, unknown>;
  webhook: boolean;
}
