import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DB_POOL_MAX, DB_POOL_RESERVED_FOR_BACKGROUND } from './pool-size.js';
import { SqlSession, type DatabaseErrorFields, type ErrorMapper } from './sql-session.js';
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

const names = new Map<string, string>();

/**
 * A statement text's name: the driver prepares a named statement once per connection and then only binds
 * and executes it, so Postgres parses and plans each text once per connection, not on every payment.
 */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `ips_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/** The refusal `mapError` makes of a database error, else the error itself. */
function mapped(err: unknown, mapError?: ErrorMapper): unknown {
  if (!mapError || !err || typeof err !== 'object') return err;
  const driverError = (err as { driverError?: unknown }).driverError;
  const fields = (driverError && typeof driverError === 'object' ? driverError : err) as DatabaseErrorFields;
  return mapError(fields) ?? err;
}

/**
 * `promise`, marked as handled: a statement nobody awaits is no unhandled rejection (which would end the
 * process). Its refusal still reaches whoever awaits it, the next awaited statement, and the commit.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The part of a connection's socket that can hold writes back (net.Socket, a TLS socket). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * The socket under a pg client. The driver writes each statement as its own socket write (it corks only
 * around one statement's messages), and on this kind of machine each write is a system call costing more
 * than the statement's whole JavaScript. Reading `connection.stream` is the one place this class looks
 * under the driver's public API; it changes nothing there, and without such a socket nothing is corked.
 */
function corkableSocket(client: PoolClient): Corkable | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function' ? (stream as Corkable) : undefined;
}

/** Postgres's answer to a statement sent after an earlier one of the same transaction failed. */
const TRANSACTION_ABORTED = '25P02';

/** One open transaction: its connection, and what the pipeline holds. */
interface OpenTransaction {
  runner: QueryRunner;
  client: PoolClient;
  /** Whether `BEGIN` has been sent (it travels with the transaction's first statement). */
  begun: boolean;
  /** Set once the COMMIT or ROLLBACK is sent: no statement may follow it. */
  ended: boolean;
  /** Statements sent and not answered yet. */
  inFlight: number;
  /** The first statement error of the transaction, as its refusal: later statements and the commit throw it. */
  failure?: unknown;
  /** Whether the socket is held corked until the end of the current tick (see `send`). */
  corked: boolean;
  /** Called once the COMMIT succeeded. */
  afterCommit: (() => void)[];
}

/**
 * The unit of work on the driver's pipeline mode (`pipeline: true`, data-source-options.ts).
 *
 * The open transaction lives in AsyncLocalStorage; `SqlSession` statements join it. Each statement goes to the driver when it is called, as a named statement with bound
 * parameters over the extended protocol, with its own Sync: it succeeds or fails on its own, and its
 * promise carries its own error. The driver writes a statement without waiting for the answer to the one
 * before, so statements called in the same tick share one round trip, and `BEGIN` is not a round trip of
 * its own: it is sent in front of the transaction's first statement. A transaction that never touched the
 * database sends nothing. `COMMIT` follows the last statement in the same way; when a statement of the
 * transaction failed, Postgres answers the COMMIT with a rollback, and the statement's refusal is thrown.
 *
 * Nothing here changes TypeORM or the driver: the connection is a QueryRunner's, obtained and released
 * through TypeORM's public API, and each statement is handed to `client.query` as text and values.
 */
@Injectable()
export class PipelinedUnitOfWork extends UnitOfWork implements SqlSession {
  private readonly logger = new Logger(PipelinedUnitOfWork.name);
  private readonly storage = new AsyncLocalStorage<OpenTransaction>();
  /** Request transactions may hold all but the pool's last connections; background work may use every one. */
  private readonly requestPermits = new Permits(DB_POOL_MAX - DB_POOL_RESERVED_FOR_BACKGROUND);
  /**
   * Round trips so far: a round trip starts when a statement is sent while none of its connection's is
   * awaiting an answer. Read by tests and the benchmark to count a payment's round trips.
   */
  roundTrips = 0;
  /** Statements sent so far, BEGIN and COMMIT included (read by the benchmark's cost table). */
  statements = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  inTransaction(): boolean {
    return this.storage.getStore() !== undefined;
  }

  commitWithoutWaitingForFlush(): void {
    const tx = this.storage.getStore();
    if (!tx) throw new Error('commitWithoutWaitingForFlush must run inside UnitOfWork.run');
    // Pipelined like any statement: no round trip of its own.
    void this.write('SET LOCAL synchronous_commit = off');
  }

  async withSavepoint<T>(work: () => Promise<T>): Promise<T> {
    const tx = this.storage.getStore();
    if (!tx) throw new Error('withSavepoint must run inside UnitOfWork.run');
    this.begin(tx);
    // Pipelined like any statement. Nested savepoints may share the name: ROLLBACK TO takes the latest.
    void this.send(tx, 'SAVEPOINT uow_work');
    try {
      return await work();
    } catch (err) {
      // Sent behind the work's statements, so it answers after all of them. It fails only when the
      // transaction failed before the savepoint was set; that failure stays the transaction's.
      try {
        await this.send(tx, 'ROLLBACK TO SAVEPOINT uow_work');
      } catch (rollbackError) {
        throw tx.failure ?? rollbackError;
      }
      tx.failure = undefined;
      throw err;
    }
  }

  afterCommit(fn: () => void): void {
    const tx = this.storage.getStore();
    if (tx) tx.afterCommit.push(fn);
    else fn();
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

  read<T>(sql: string, params: readonly unknown[] = [], mapError?: ErrorMapper): Promise<T[]> {
    return handled(this.statement(sql, params, mapError).then((result) => result.rows as T[]));
  }

  write(sql: string, params: readonly unknown[] = [], mapError?: ErrorMapper): Promise<number> {
    return handled(this.statement(sql, params, mapError).then((result) => result.rowCount ?? 0));
  }

  private statement(sql: string, params: readonly unknown[], mapError?: ErrorMapper): Promise<QueryResult> {
    const query: QueryConfig = { name: statementName(sql), text: sql, values: [...params] };
    const tx = this.storage.getStore();
    if (!tx) {
      this.roundTrips++;
      this.statements++;
      return this.pool()
        .query(query)
        .catch((err: unknown) => {
          throw mapped(err, mapError);
        });
    }
    this.begin(tx);
    return this.send(tx, query, mapError);
  }

  private begin(tx: OpenTransaction): void {
    if (tx.begun) return;
    tx.begun = true;
    // BEGIN's own answer is not awaited: a failure of it fails the statements behind it and the commit.
    void this.send(tx, 'BEGIN');
  }

  /**
   * Hands one statement to the driver, which writes it at once (pipeline mode). Its error becomes its
   * refusal there, and the transaction's first failure; a statement that failed only because an earlier
   * one did (25P02) throws that earlier refusal instead.
   */
  private send(tx: OpenTransaction, query: QueryConfig | string, mapError?: ErrorMapper): Promise<QueryResult> {
    if (tx.ended) return Promise.reject(new Error('a statement was called after its unit of work ended'));
    if (tx.inFlight === 0) this.roundTrips++;
    tx.inFlight++;
    this.statements++;
    this.holdWritesForThisTick(tx);
    const sent = (typeof query === 'string' ? tx.client.query(query) : tx.client.query(query)) as Promise<QueryResult>;
    const answer = sent.then(
      (result) => {
        tx.inFlight--;
        return result;
      },
      (err: unknown) => {
        tx.inFlight--;
        const aborted = (err as DatabaseErrorFields | null)?.code === TRANSACTION_ABORTED && tx.failure !== undefined;
        const refusal = aborted ? tx.failure : mapped(err, mapError);
        tx.failure ??= refusal;
        throw refusal;
      },
    );
    return handled(answer);
  }

  /**
   * Statements called in the same tick leave in ONE socket write: the socket is corked at the first of
   * them and uncorked when the tick's synchronous work is done (process.nextTick runs before any I/O), so
   * the steps a use case starts together (allInOrder) and BEGIN cost one system call, not one each. The
   * order of the bytes is the order of the calls, so nothing about the pipeline's order changes.
   */
  private holdWritesForThisTick(tx: OpenTransaction): void {
    if (tx.corked) return;
    const socket = corkableSocket(tx.client);
    if (!socket) return;
    socket.cork();
    tx.corked = true;
    process.nextTick(() => {
      tx.corked = false;
      socket.uncork();
    });
  }

  /**
   * The transaction has committed: what waited for it runs now. A callback that throws is logged, never
   * thrown, so a committed payment is never answered as a failure (its client would retry it).
   */
  private runAfterCommit(tx: OpenTransaction): void {
    for (const fn of tx.afterCommit) {
      try {
        fn();
      } catch (err) {
        this.logger.error({ err }, 'an after-commit callback failed; the transaction is committed');
      }
    }
  }

  private async open<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const tx: OpenTransaction = { runner, client, begun: false, ended: false, inFlight: 0, corked: false, afterCommit: [] };
    try {
      let result: T;
      try {
        result = await this.storage.run(tx, work);
      } catch (err) {
        await this.end(tx, 'ROLLBACK');
        throw err;
      }
      const commit = await this.end(tx, 'COMMIT');
      // A statement of the transaction failed (whether or not anyone awaited it): Postgres rolled back.
      if (tx.failure !== undefined) throw tx.failure;
      if (commit && commit.command !== 'COMMIT') throw new Error(`COMMIT was answered with ${commit.command}`);
      this.runAfterCommit(tx);
      return result;
    } finally {
      await runner.release();
    }
  }

  /** Sends the transaction's COMMIT or ROLLBACK behind its statements; a connection left unsure is closed. */
  private async end(tx: OpenTransaction, command: 'COMMIT' | 'ROLLBACK'): Promise<QueryResult | undefined> {
    if (!tx.begun) {
      tx.ended = true;
      return undefined;
    }
    const answer = this.send(tx, command);
    tx.ended = true;
    try {
      return await answer;
    } catch (err) {
      // The transaction's state on this connection is unknown: close it, so the pool does not reuse it.
      await (tx.client as unknown as { end(): Promise<void> }).end().catch(() => undefined);
      if (command === 'COMMIT') throw err;
      return undefined;
    }
  }

  private pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }
}
