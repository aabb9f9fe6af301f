/**
 * How the retention purge runs (docs/adr/0060-retention.md, docs/adr/0201-each-owner-purges-its-own-rows.md).
 * What is purged, and after how long, is each table's owner's (its `RetentionPurger`, next to the table);
 * money records (transactions, ledger, cash-outs) are never purged.
 */

/** Rows deleted per statement: short statements, so the hot tables are never locked for long. */
export const PURGE_BATCH = 1000;

export const PURGE_INTERVAL_MS = 10 * 60_000;
