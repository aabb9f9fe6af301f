import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one database transaction that every repository joins implicitly, so a state change
 * and its outbox events commit or roll back together without passing a manager through every port.
 */
@Injectable()
export class UnitOfWork {
  private readonly storage = new AsyncLocalStorage<EntityManager>();

  constructor(private readonly dataSource: DataSource) {}

  /** The manager of the surrounding transaction, or the plain one outside a transaction. */
  manager(): EntityManager {
    return this.storage.getStore() ?? this.dataSource.manager;
  }

  inTransaction(): boolean {
    return this.storage.getStore() !== undefined;
  }

  /** Joins the surrounding transaction if there is one, else opens a READ COMMITTED one. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    return this.dataSource.transaction('READ COMMITTED', (manager) => this.storage.run(manager, work));
  }
}
