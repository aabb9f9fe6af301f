import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../shared/persistence/sql-session.js';
import { Clock } from '../../../shared/time/clock.js';
import { PURGE_BATCH, RETENTION } from '../domain/retention.js';

const DAY_MS = 24 * 3600_000;

/**
 * The tables the purge deletes from, each with the condition a row must meet (`$1` is its cutoff): the only
 * names and fragments its statements are built with.
 */
const PURGES = {
  idempotency_keys: 'expires_at < $1',
  // A webhook event stays until the webhook dispatcher has taken it.
  outbox_messages: 'published_at < $1 AND (NOT webhook OR webhook_dispatched_at IS NOT NULL)',
  qr_lookups: 'created_at < $1',
  // Served by ix_webhook_deliveries_settled; the tries go with their delivery (ON DELETE CASCADE).
  webhook_deliveries: "status <> 'pending' AND updated_at < $1",
} as const;

type PurgedTable = keyof typeof PURGES;

export interface PurgeCounts {
  idempotencyKeys: number;
  outboxMessages: number;
  qrLookups: number;
  webhookDeliveries: number;
}

/**
 * Deletes what RETENTION allows, in batches of PURGE_BATCH rows, each batch its own short statement
 * that skips rows another transaction holds (SKIP LOCKED), so the purge never waits on, nor blocks, the
 * payment path. Safe to run in several workers at once.
 */
@Injectable()
export class RetentionPurgeService {
  constructor(
    private readonly sql: SqlSession,
    private readonly clock: Clock,
  ) {}

  async purgeOnce(): Promise<PurgeCounts> {
    const now = this.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    return {
      idempotencyKeys: await this.inBatches('idempotency_keys', now),
      outboxMessages: await this.inBatches('outbox_messages', daysAgo(RETENTION.outboxMessagesDays)),
      qrLookups: await this.inBatches('qr_lookups', daysAgo(RETENTION.qrLookupsDays)),
      webhookDeliveries: await this.inBatches('webhook_deliveries', daysAgo(RETENTION.webhookDeliveriesDays)),
    };
  }

  /** The table's name and condition come from PURGES; the cutoff and the batch size are bound ($1, $2). */
  private async inBatches(table: PurgedTable, cutoff: Date): Promise<number> {
    const condition = PURGES[table];
    let total = 0;
    for (;;) {
      // Each batch is a statement of its own (no transaction around the loop); `write` answers the rows it deleted.
      const deleted = await this.sql.write(
        `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${condition} LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [cutoff, PURGE_BATCH],
      );
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }
}
