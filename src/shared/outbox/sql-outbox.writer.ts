import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../domain/domain-event.js';
import { SqlSession } from '../persistence/sql-session.js';
import { UnitOfWork } from '../persistence/unit-of-work.js';
import { OutboxSignal } from './outbox-signal.js';
import { OutboxWriter } from './outbox.writer.js';

/** Inserts outbox rows in the caller's transaction; refuses to write outside one. */
@Injectable()
export class SqlOutboxWriter extends OutboxWriter {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sql: SqlSession,
    private readonly signal: OutboxSignal,
  ) {
    super();
  }

  async append(events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (!this.uow.inTransaction()) throw new Error('OutboxWriter.append must run inside UnitOfWork.run');
    // The relays hear of the rows once they are visible, not before.
    this.uow.afterCommit(() => this.signal.committed());
    // Every event in one statement.
    await this.sql.write(
      `INSERT INTO outbox_messages (event_type, aggregate_id, client_id, payload, webhook)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::uuid[], $4::jsonb[], $5::boolean[])`,
      [
        events.map((e) => e.type),
        events.map((e) => e.aggregateId),
        events.map((e) => e.clientId),
        events.map((e) => JSON.stringify(e.payload)),
        events.map((e) => e.webhook),
      ],
    );
  }
}
