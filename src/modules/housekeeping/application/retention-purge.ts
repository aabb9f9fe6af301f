import type { RetentionPurger } from '../../../shared/retention/retention-purger.js';

/** Rows deleted by one purge, by purger name (`idempotencyKeys`, `outboxMessages`, ...). */
export type PurgeCounts = Record<string, number>;

/**
 * One purge: each purger in turn (by name, so the order never depends on module order), batch after batch
 * of at most `batch` rows until a batch comes back short. Each batch is a statement of its own (no
 * transaction around the loop), so a purge in one worker never holds rows another worker's batch wants.
 */
export async function purgeAll(purgers: readonly RetentionPurger[], now: Date, batch: number): Promise<PurgeCounts> {
  const counts: PurgeCounts = {};
  for (const purger of [...purgers].sort((a, b) => a.name.localeCompare(b.name))) {
    let total = 0;
    for (;;) {
      const deleted = await purger.purgeBatch(now, batch);
      total += deleted;
      if (deleted < batch) break;
    }
    counts[purger.name] = total;
  }
  return counts;
}

/** The purgers, refusing two of one name (their counts would be mixed). */
export function distinctPurgers(purgers: Iterable<RetentionPurger>): RetentionPurger[] {
  const byName = new Map<string, RetentionPurger>();
  for (const p of new Set(purgers)) {
    if (byName.has(p.name)) throw new Error(`two retention purgers are named ${p.name}`);
    byName.set(p.name, p);
  }
  return [...byName.values()];
}
