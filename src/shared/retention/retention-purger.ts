import { Injectable } from '@nestjs/common';
import { SqlSession } from '../persistence/sql-session.js';

export const DAY_MS = 24 * 3600_000;

/**
 * Port: the purge of one table's expired rows, implemented by the table's owner (its infrastructure) next to
 * the table and its retention period (docs/adr/0201-each-owner-purges-its-own-rows.md). Housekeeping finds
 * every provider that extends this class and only schedules and calls them; it knows no table.
 */
export abstract class RetentionPurger {
  /** What it purges, as the purge's counts and log name it (`outboxMessages`); unique among purgers. */
  abstract readonly name: string;

  /**
   * Deletes at most `limit` rows expired at `now` in one short statement of its own (no transaction around
   * it) that skips rows another transaction holds (SKIP LOCKED), so it never waits on nor blocks the payment
   * path and is safe in several workers at once; answers how many it deleted (fewer than `limit`: done).
   */
  abstract purgeBatch(now: Date, limit: number): Promise<number>;
}

/**
 * One batch of the usual shape: `DELETE FROM <table> WHERE ctid IN (SELECT ctid ... WHERE <condition> LIMIT $2
 * FOR UPDATE SKIP LOCKED)`, `$1` being `cutoff`. `table` and `condition` are constants of the purger
 * (never input); the cutoff and the limit are bound.
 */
export function deleteBatch(sql: SqlSession, table: string, condition: string, cutoff: Date, limit: number): Promise<number> {
  return sql.write(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${condition} LIMIT $2 FOR UPDATE SKIP LOCKED)`, [
    cutoff,
    limit,
  ]);
}

/**
 * A purger of the usual shape (`deleteBatch`), which is what differs between owners: the table, the
 * condition on `$1` that marks a row expired, and `$1`, the cutoff at `now`.
 */
@Injectable()
export abstract class TableRetentionPurger extends RetentionPurger {
  protected abstract readonly table: string;
  protected abstract readonly condition: string;
  protected abstract cutoff(now: Date): Date;

  constructor(private readonly sql: SqlSession) {
    super();
  }

  purgeBatch(now: Date, limit: number): Promise<number> {
    return deleteBatch(this.sql, this.table, this.condition, this.cutoff(now), limit);
  }
}

/** `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
