import type { DomainEvent } from '../domain/domain-event.js';

/**
 * Port: appends events to the outbox inside the caller's unit of work, so they commit or roll back
 * with the state change. `SqlOutboxWriter` implements it.
 */
export abstract class OutboxWriter {
  abstract append(events: DomainEvent[]): Promise<void>;
}
