import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UnitOfWork } from './unit-of-work.js';

/**
 * The TypeORM unit of work: the transaction's manager lives in AsyncLocalStorage, and repositories
 * (infrastructure only) ask it for the current `EntityManager`.
 */
@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  private readonly storage = new AsyncLocalStorage<EntityManager>();

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The manager of the surrounding transaction, or the plain one outside a transaction. */
  manager(): EntityManager {
    return this.storage.getStore() ?? this.dataSource.manager;
  }

  inTransaction(): boolean {
    return this.storage.getStore() !== undefined;
  }

  /**
   * Joins the surrounding transaction if there is one, else opens one: READ COMMITTED, the isolation
   * every connection of the pool is opened with (data-source-options.ts), so it costs no extra statement.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    return this.dataSource.transaction((manager) => this.storage.run(manager, work));
  }
}
