import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient, QueryResult } from 'pg';
import { DataSource, EntityManager, type QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DB_POOL_MAX, DB_POOL_RESERVED_FOR_BACKGROUND } from '../../database/data-source-options.js';
import { UnitOfWork } from './unit-of-work.js';
import { sqlLiteral } from './sql-literal.js';
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

/** A statement text's prepared-statement name: the same text, the same name, in every process. */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `ips_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/** What a mapper sees of a database error: pg's own error, whichever path (TypeORM or batch) raised it. */
export interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
}

/** Turns a database error of one statement into the domain's refusal, or null when the error is not its own. */
export type ErrorMapper = (err: DatabaseErrorFields) => Error | null;

/** The refusal the first mapper that recognises `err` makes of it, else `err` itself. */
function mapped(err: unknown, mappers: readonly ErrorMapper[]): unknown {
  if (!err || typeof err !== 'object') return err;
  const driverError = (err as { driverError?: unknown }).driverError;
  const fields = (driverError && typeof driverError === 'object' ? driverError : err) as DatabaseErrorFields;
  for (const map of mappers) {
    const refusal = map(fields);
    if (refusal) return refusal;
  }
  return err;
}

/** One open transaction: its connection, and what waits to travel with the next round trip. */
interface OpenTransaction {
  runner: QueryRunner;
  client: PoolClient;
  /** Deferred writes not sent yet, as `EXECUTE` statements. */
  pending: string[];
  /** `PREPARE`s the next message must carry first (statements new to this connection). */
  prepares: { name: string; text: string }[];
  /** Names queued or in flight in a `PREPARE` not yet known to have succeeded (never prepared twice). */
  preparing: Set<string>;
  /** How the pending writes' own errors read as refusals (e.g. a unique violation as a duplicate). */
  mappers: ErrorMapper[];
  /** Whether `START TRANSACTION` has gone to the server (so there is something to roll back). */
  started: boolean;
  /** A message that carried `PREPARE`s failed: which of them exist is unknown, so all are dropped. */
  preparedUnknown: boolean;
  /** Reads asked for in the current tick, sent together (with the pending writes) by one microtask. */
  reads: QueuedRead[];
}

interface QueuedRead {
  sql: string;
  params: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(err: unknown): void;
}

/**
 * The TypeORM unit of work: the open transaction lives in AsyncLocalStorage, and repositories
 * (infrastructure only) ask it for the current `EntityManager`, or use `read` and `write`.
 *
 * Round trips are the cost of the money path (each is a syscall pair and a wake-up of a Postgres
 * backend), so a transaction sends its statements in as few as it can, in order:
 * - `START TRANSACTION` is not sent alone: it goes with the transaction's first statement;
 * - `write` (an INSERT or UPDATE whose answer the code does not need) is not sent at once: it goes with
 *   the next `read`, the next query of the manager, or the `COMMIT`, in one simple-protocol message;
 * - reads asked for in the same tick (`Promise.all`) travel together too;
 * - a transaction that never touched the database sends nothing at all;
 * - each statement text is prepared once per connection (`PREPARE`, sent in front of its first use) and
 *   then sent as `EXECUTE name(literals)`, so Postgres parses and plans it once, not on every payment.
 * The statements still run one after another in the one transaction, in the order the code issued them;
 * the first error stops the rest (the COMMIT too) and surfaces from the round trip that carried it, as
 * its write's mapped refusal when it has one. A write whose row count matters checks it in SQL
 * (`expect_rows`), since the code only hears of it at the commit.
 */
@Injectable()
export class TypeOrmUnitOfWork extends UnitOfWork {
  private readonly storage = new AsyncLocalStorage<OpenTransaction>();
  /** The statements each connection has prepared (a prepared statement lives as long as its session). */
  private readonly prepared = new WeakMap<PoolClient, Set<string>>();
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
    return this.storage.getStore()?.runner.manager ?? this.dataSource.manager;
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

  /**
   * A write whose answer is not needed. In a transaction it is sent with the next round trip (see the
   * class comment), and `mapError` turns its own database error into a refusal there; outside one it runs now.
   */
  async write(sql: string, params: readonly unknown[], mapError?: ErrorMapper): Promise<void> {
    const tx = this.storage.getStore();
    if (!tx) {
      try {
        await this.dataSource.query(sql, [...params]);
      } catch (err) {
        throw mapError ? mapped(err, [mapError]) : err;
      }
      return;
    }
    tx.pending.push(this.execute(tx, sql, params));
    if (mapError) tx.mappers.push(mapError);
  }

  /**
   * A statement whose rows are needed (a SELECT, or a write with RETURNING). Pending writes travel with
   * it, and so do the other reads asked for in the same tick.
   */
  async read<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const tx = this.storage.getStore();
    if (!tx) return (await this.dataSource.query(sql, [...params])) as T[];
    return new Promise<unknown[]>((resolve, reject) => {
      if (tx.reads.push({ sql, params, resolve, reject }) === 1) queueMicrotask(() => void this.sendReads(tx));
    }) as Promise<T[]>;
  }

  private async sendReads(tx: OpenTransaction): Promise<void> {
    const reads = tx.reads;
    tx.reads = [];
    try {
      const results = await this.flush(
        tx,
        reads.map((r) => this.execute(tx, r.sql, r.params)),
      );
      const own = results.slice(results.length - reads.length);
      reads.forEach((r, i) => r.resolve(own[i]?.rows ?? []));
    } catch (err) {
      for (const r of reads) r.reject(err);
    }
  }

  private async open<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const tx: OpenTransaction = {
      runner,
      client,
      pending: [],
      prepares: [],
      preparing: new Set(),
      mappers: [],
      started: false,
      preparedUnknown: false,
      reads: [],
    };
    // Every query of the transaction's manager (TypeORM's finders, query builders, `manager().query`)
    // sends the pending statements first, so the transaction sees its own writes in the order made.
    const query = runner.query.bind(runner);
    runner.query = async (...args: Parameters<QueryRunner['query']>) => {
      if (!tx.started || tx.pending.length > 0) await this.flush(tx, []);
      return query(...args);
    };
    const state = runner as unknown as { isTransactionActive: boolean; releasePostgresConnection(err?: unknown): Promise<void> };
    state.isTransactionActive = true; // TypeORM's own writes (save, insert) then open no transaction of their own
    let broken: unknown = undefined;
    try {
      const result = await this.storage.run(tx, work);
      if (tx.started || tx.pending.length > 0) await this.flush(tx, ['COMMIT']);
      return result;
    } catch (err) {
      if (tx.started) {
        const rollback = tx.preparedUnknown ? 'ROLLBACK;\nDEALLOCATE ALL' : 'ROLLBACK';
        if (tx.preparedUnknown) this.prepared.delete(client);
        await client.query(rollback).catch((rollbackError: unknown) => (broken = rollbackError));
      }
      throw err;
    } finally {
      state.isTransactionActive = false;
      // A connection whose ROLLBACK failed is in an unknown state: the pool closes it instead of reusing it.
      await state.releasePostgresConnection(broken);
    }
  }

  /**
   * Sends, as one simple-protocol message: `START TRANSACTION` (the first time), the `PREPARE`s of
   * statements new to the connection, the pending writes, then `then`. The results in order; callers
   * take theirs from the end.
   */
  private async flush(tx: OpenTransaction, then: string[]): Promise<QueryResult[]> {
    const statements = [...(tx.started ? [] : ['START TRANSACTION']), ...tx.prepares.map((p) => p.text), ...tx.pending, ...then];
    const prepared = tx.prepares.map((p) => p.name);
    const mappers = tx.mappers;
    tx.pending = [];
    tx.prepares = [];
    tx.mappers = [];
    tx.started = true;
    try {
      const result = (await tx.client.query(statements.join(';\n'))) as QueryResult | QueryResult[];
      const known = this.preparedOn(tx.client);
      for (const name of prepared) known.add(name);
      return Array.isArray(result) ? result : [result];
    } catch (err) {
      if (prepared.length > 0) tx.preparedUnknown = true;
      throw mapped(err, mappers);
    } finally {
      for (const name of prepared) tx.preparing.delete(name);
    }
  }

  /** `EXECUTE` of the statement's prepared name; its `PREPARE` is queued when the connection lacks it. */
  private execute(tx: OpenTransaction, sql: string, params: readonly unknown[]): string {
    const name = statementName(sql);
    if (!this.preparedOn(tx.client).has(name) && !tx.preparing.has(name)) {
      tx.preparing.add(name);
      tx.prepares.push({ name, text: `PREPARE ${name} AS ${sql}` });
    }
    return params.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`;
  }

  private preparedOn(client: PoolClient): Set<string> {
    let known = this.prepared.get(client);
    if (!known) this.prepared.set(client, (known = new Set()));
    return known;
  }
}
