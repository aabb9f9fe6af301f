import { Injectable } from '@nestjs/common';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { DomainEvent } from '../domain/domain-event.js';
import { TypeOrmUnitOfWork } from '../persistence/typeorm-unit-of-work.js';
import { OutboxMessageOrmEntity } from './outbox-message.orm-entity.js';
import { OutboxWriter } from './outbox.writer.js';

/** Inserts outbox rows in the caller's transaction; refuses to write outside one. */
@Injectable()
export class TypeOrmOutboxWriter extends OutboxWriter {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async append(events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (!this.uow.inTransaction()) throw new Error('OutboxWriter.append must run inside UnitOfWork.run');
    await this.uow.manager().insert(
      OutboxMessageOrmEntity,
      events.map((e) => ({
        eventType: e.type,
        aggregateId: e.aggregateId,
        clientId: e.clientId,
        payload: e.payload,
        webhook: e.webhook,
      })) as QueryDeepPartialEntity<OutboxMessageOrmEntity>[],
    );
  }
}
