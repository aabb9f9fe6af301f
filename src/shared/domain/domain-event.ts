import { EVENT_CATALOGUE, type EventName, type EventPayload, type EventWebhook } from './events/event-catalogue.js';

/** One event of one name: its payload is that name's (events/event-catalogue.ts). */
export interface EventOf<N extends EventName> {
  type: N;
  aggregateId: string;
  /** The client the event concerns (webhooks are per client); null for internal events. */
  clientId: string | null;
  payload: EventPayload<N>;
  webhook: EventWebhook<N>;
}

/**
 * Something that happened to an aggregate. Written to the outbox in the state change's transaction;
 * `webhook` events are also offered to the client's webhook subscriptions. `type` is a name of the event
 * catalogue and discriminates the payload; build events with the catalogue's builders (events/*.events.ts).
 */
export type DomainEvent<N extends EventName = EventName> = { [K in N]: EventOf<K> }[N];

/** The one constructor the builders use: `webhook` comes from the catalogue, never from the caller. */
export function domainEvent<N extends EventName>(
  type: N,
  aggregateId: string,
  clientId: string | null,
  payload: EventPayload<N>,
): EventOf<N> {
  return { type, aggregateId, clientId, payload, webhook: EVENT_CATALOGUE[type].webhook as EventWebhook<N> };
}
