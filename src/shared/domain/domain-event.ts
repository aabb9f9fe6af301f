import type { EventDefinitions, EventName, EventPayload, EventWebhook } from './events/event-catalogue.js';

/** One event of one name: its payload is that name's (the definition its module registered). */
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
 * catalogue and discriminates the payload; build events with their module's builders (`domain/*.events.ts`).
 */
export type DomainEvent<N extends EventName = EventName> = { [K in N]: EventOf<K> }[N];

/**
 * The constructor of one module's builders, bound to that module's definitions: `domainEvent(type, ...)`
 * takes only those names, each with its own payload, and `webhook` comes from the definition, never from
 * the caller.
 */
export function eventConstructor<D extends EventDefinitions>(definitions: D) {
  return function domainEvent<N extends keyof D & EventName>(
    type: N,
    aggregateId: string,
    clientId: string | null,
    payload: EventPayload<N>,
  ): EventOf<N> {
    return { type, aggregateId, clientId, payload, webhook: definitions[type]!.webhook as EventWebhook<N> };
  };
}
