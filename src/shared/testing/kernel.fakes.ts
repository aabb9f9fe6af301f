import type { DomainEvent } from '../domain/domain-event.js';
import type { OutboxWriter } from '../outbox/outbox.writer.js';
import type { UnitOfWork } from '../persistence/unit-of-work.js';

/** In-memory UnitOfWork for unit tests: runs the work and counts commits. */
export class FakeUnitOfWork {
  committed = 0;

  async run<T>(work: () => Promise<T>): Promise<T> {
    const out = await work();
    this.committed++;
    return out;
  }

  inTransaction(): boolean {
    return true;
  }

  asPort(): UnitOfWork {
    return this as unknown as UnitOfWork;
  }
}

/** In-memory OutboxWriter for unit tests: keeps what was appended. */
export class FakeOutbox {
  events: DomainEvent[] = [];

  async append(events: DomainEvent[]): Promise<void> {
    this.events.push(...events);
  }

  asPort(): OutboxWriter {
    return this as unknown as OutboxWriter;
  }
}
