/**
 * How long records that only serve a short purpose are kept (docs/adr/0060-retention.md). Money
 * records (transactions, ledger, cash-outs) are never purged.
 */
export const RETENTION = {
  /** Idempotency keys live 24 h (their `expires_at`); expired ones are deleted. */
  idempotencyKeys: 'expired',
  /** Outbox rows are kept 7 days after every consumer has them (queues, and webhooks for webhook events). */
  outboxMessagesDays: 7,
  /** QR decodes are payable for 30 minutes; the history is kept 7 days for support. */
  qrLookupsDays: 7,
  /** Webhook deliveries (and their tries) are kept 30 days after they were delivered or failed, for the delivery log. */
  webhookDeliveriesDays: 30,
} as const;

/** Rows deleted per statement: short statements, so the hot tables are never locked for long. */
export const PURGE_BATCH = 1000;

export const PURGE_INTERVAL_MS = 10 * 60_000;
