import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../shared/time/clock.js';
import { PURGE_BATCH, RETENTION } from '../domain/retention.js';

const DAY_MS = 24 * 3600_000;

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
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async purgeOnce(): Promise<PurgeCounts> {
    const now = this.clock.now();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    return {
      idempotencyKeys: await this.inBatches('idempotency_keys', 'expires_at < $1', now),
      // A webhook event stays until the webhook dispatcher has taken it.
      outboxMessages: await this.inBatches(
        'outbox_messages',
        'published_at < $1 AND (NOT webhook OR webhook_dispatched_at IS NOT NULL)',
        daysAgo(RETENTION.outboxMessagesDays),
      ),
      qrLookups: await this.inBatches('qr_lookups', 'created_at < $1', daysAgo(RETENTION.qrLookupsDays)),
      // Served by ix_webhook_deliveries_settled; the tries go with their delivery (ON DELETE CASCADE).
      webhookDeliveries: await this.inBatches(
        'webhook_deliveries',
        "status <> 'pending' AND updated_at < $1",
        daysAgo(RETENTION.webhookDeliveriesDays),
      ),
    };
  }

  private async inBatches(table: string, condition: string, cutoff: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const [, deleted] = (await this.dataSource.query(
        `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${condition} LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
        [cutoff],
      )) as [unknown[], number];
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }
}
