import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { CommitBatches, type BatchEntry } from './commit-batches.js';
import { GroupLock } from './group-lock.js';
import { DB_POOL_MAX, DB_POOL_RESERVED_FOR_BACKGROUND } from './pool-size.js';
import { SqlSession, type DatabaseErrorFields, type ErrorMapper } from './sql-session.js';
import { UnitOfWork } from './unit-of-work.js';
import { groupCommitGroup, isBackgroundLane } from './work-lane.js';

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
  /** Whether several callers' units of work share it (group commit). */
  batched: boolean;
}

/** What one unit of work of a batch came to, settled only once the batch's fate is known. */
type BatchOutcome = { ok: true; value: unknown; afterCommit: (() => void)[] } | { ok: false; error: unknown };

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
  /** COMMITs answered so far, each one transaction however many callers it served (read by tests and the benchmark). */
  commits = 0;
  /** Group commit of the units of work run in `inGroupCommit` (absent when MONEY_BATCH_MAX_SIZE is 1). */
  private readonly batches: CommitBatches | null;
  private groupLock: GroupLock | undefined;

  /** Units of work waiting for a group-committed batch now, and batches running (read by tests). */
  get waitingForBatch(): number {
    return this.batches?.waitingCount ?? 0;
  }

  get batchesRunning(): number {
    return this.batches?.inFlight ?? 0;
  }

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
    this.batches = config.moneyBatch.maxSize > 1 ? new CommitBatches(config.moneyBatch, (entries) => this.runBatch(entries)) : null;
  }

  inTransaction(): boolean {
    return this.storage.getStore() !== undefined;
  }

  commitWithoutWaitingForFlush(): void {
    const tx = this.storage.getStore();
    if (!tx) throw new Error('commitWithoutWaitingForFlush must run inside UnitOfWork.run');
    // It would hold for every caller of the batch, and a payment's creation must wait for the disk.
    if (tx.batched) throw new Error('commitWithoutWaitingForFlush is refused in a group-committed transaction');
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
    const group = groupCommitGroup();
    if (group !== undefined && this.batches) return this.batches.submit(group, work) as Promise<T>;
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
  private runAfterCommit(callbacks: (() => void)[]): void {
    for (const fn of callbacks) {
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
    const tx: OpenTransaction = { runner, client, begun: false, ended: false, inFlight: 0, corked: false, afterCommit: [], batched: false };
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
      if (commit) this.commits++;
      this.runAfterCommit(tx.afterCommit);
      return result;
    } finally {
      await runner.release();
    }
  }

  /**
   * One group-committed batch (docs/adr/0246-group-commit.md): one transaction whose first statement locks the
   * groups' rows in one order (GroupLock), then each unit of work in turn, behind a savepoint of its own, so
   * each sees the ones before it as a transaction of its own would, and one that throws (a refusal) is undone
   * alone, while the others go on. One COMMIT answers every caller, and none is answered before it: those whose
   * work succeeded get their result, the others their own error. When the transaction fails (a broken invariant
   * nobody awaited, a lock timeout of the first statement, a deferred constraint at the COMMIT), Postgres kept
   * nothing and each unit of work runs again in a transaction of its own, as without group commit. When the
   * COMMIT's answer is lost, whether it was kept is unknown: every caller gets the error, as a lone
   * transaction's caller would.
   */
  private async runBatch(entries: BatchEntry[]): Promise<void> {
    const outcomes: BatchOutcome[] = [];
    /** Set when the COMMIT got no answer from Postgres (the connection died): whether it was kept is unknown. */
    let commitAnswerLost = false;
    try {
      await this.requestPermits.acquire(this.config.dbPoolTimeoutMs);
    } catch (err) {
      for (const entry of entries) entry.reject(err);
      return;
    }
    if (entries.length === 1) {
      // Alone, it is a transaction of its own: no first lock, no savepoint.
      const [only] = entries as [BatchEntry];
      try {
        only.resolve(await only.enter(() => this.open(only.work)));
      } catch (err) {
        only.reject(err);
      } finally {
        this.requestPermits.release();
      }
      return;
    }
    try {
      const runner = this.dataSource.createQueryRunner();
      const client = (await runner.connect()) as PoolClient;
      const tx: OpenTransaction = {
        runner,
        client,
        begun: false,
        ended: false,
        inFlight: 0,
        corked: false,
        afterCommit: [],
        batched: true,
      };
      try {
        this.groupLock ??= this.moduleRef.get(GroupLock, { strict: false });
        await this.storage.run(tx, async () => {
          void this.groupLock!.lock([...new Set(entries.map((e) => e.group))]);
          // Each unit of work's RELEASE is not awaited; a failure it reveals is a failure of the whole batch.
          const released: Promise<unknown>[] = [];
          for (const entry of entries) {
            void this.send(tx, 'SAVEPOINT group_commit_unit');
            tx.afterCommit = [];
            try {
              const value = await entry.enter(() => this.storage.run(tx, entry.work));
              outcomes.push({ ok: true, value, afterCommit: tx.afterCommit });
              released.push(this.send(tx, 'RELEASE SAVEPOINT group_commit_unit'));
            } catch (error) {
              // An earlier unit's statement nobody awaited may have failed: then the savepoint below is not this
              // unit's, and rolling back to it would undo work already counted as done.
              await Promise.all(released);
              await this.send(tx, 'ROLLBACK TO SAVEPOINT group_commit_unit');
              tx.failure = undefined;
              outcomes.push({ ok: false, error });
            }
          }
          tx.afterCommit = [];
        });
        const commit = await this.end(tx, 'COMMIT').catch((err: unknown) => {
          // An error Postgres answered (a deferred constraint) comes with its severity: then nothing was kept.
          commitAnswerLost = typeof (err as { severity?: unknown } | null)?.severity !== 'string';
          throw err;
        });
        if (tx.failure !== undefined) throw tx.failure;
        if (commit && commit.command !== 'COMMIT') throw new Error(`COMMIT was answered with ${commit.command}`);
        this.commits++;
      } catch (err) {
        if (!tx.ended) await this.end(tx, 'ROLLBACK');
        throw err;
      } finally {
        await runner.release();
      }
    } catch (err) {
      if (commitAnswerLost) {
        for (const entry of entries) entry.reject(err);
        return;
      }
      this.logger.warn({ err }, 'a group-committed batch was not committed; its units of work run one by one');
      await Promise.all(entries.map((entry) => entry.enter(() => this.open(entry.work)).then(entry.resolve, entry.reject)));
      return;
    } finally {
      this.requestPermits.release();
    }
    entries.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (!outcome.ok) return entry.reject(outcome.error);
      entry.resolve(outcome.value);
      this.runAfterCommit(outcome.afterCommit);
    });
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
