import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DB_POOL_MAX, DB_POOL_RESERVED_FOR_BACKGROUND } from '../../database/data-source-options.js';
import { UnitOfWork } from './unit-of-work.js';
import { isBackgroundLane } from './work-lane.js';

/** A counting semaphore whose waits give up after `timeoutMs`, with pg-pool's own timeout message. */
class Permits {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async acquire(timeoutMs: number): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        // The same words as a pool wait that timed out, so it is answered the same way (503, Retry-After).
        reject(new Error('timeout exceeded when trying to connect'));
      }, timeoutMs);
      this.waiting.push(grant);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * The TypeORM unit of work: the transaction's manager lives in AsyncLocalStorage, and repositories
 * (infrastructure only) ask it for the current `EntityManager`.
 */
@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  private readonly storage = new AsyncLocalStorage<EntityManager>();
  /** Request transactions may hold all but the pool's last connections; background work may use every one. */
  private readonly requestPermits = new Permits(DB_POOL_MAX - DB_POOL_RESERVED_FOR_BACKGROUND);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
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
    if (isBackgroundLane()) return this.open(work);
    // A request's transaction waits for a permit first: with the API under load, the queue of waiting
    // requests forms here, and settlement's transactions (background lane) still find a connection.
    await this.requestPermits.acquire(this.config.dbPoolTimeoutMs);
    try {
      return await this.open(work);
    } finally {
      this.requestPermits.release();
    }
  }

  private open<T>(work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => this.storage.run(manager, work));
  }
}
