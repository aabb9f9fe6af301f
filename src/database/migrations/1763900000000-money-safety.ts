import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guards for money safety: a fencing token on idempotency claims (only the claim's holder may store
 * the answer), a webhook cursor on outbox rows (events wait for the webhook consumer instead of being
 * marked published without one), the indexes the retention purge reads, and constraints that make
 * the database refuse what the code already refuses (a duplicate payment, a hold ended twice).
 */
export class MoneySafety1763900000000 implements MigrationInterface {
  name = 'MoneySafety1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN claim_token uuid`);
    await q.query(`ALTER TABLE outbox_messages ADD COLUMN webhook_dispatched_at timestamptz`);
    await q.query(`CREATE INDEX ix_outbox_webhook_pending ON outbox_messages (id) WHERE webhook AND webhook_dispatched_at IS NULL`);
    // The retention purge finds old rows by these.
    await q.query(`CREATE INDEX ix_outbox_published_at ON outbox_messages (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`CREATE INDEX ix_qr_lookups_created ON qr_lookups (created_at)`);

    // Account numbers are drawn at random now (not guessable in sequence).
    await q.query(`DROP SEQUENCE IF EXISTS account_number_seq`);

    // The database guards what the code guards.
    await q.query(`
      CREATE UNIQUE INDEX ux_transactions_client_e2e_type ON transactions (client_id, end_to_end_id, type)
        WHERE end_to_end_id IS NOT NULL`);
    // A hold is taken once per transaction and account, and ends once: captured or released, not both.
    await q.query(
      `CREATE UNIQUE INDEX ux_ledger_entries_hold_once ON ledger_entries (transaction_id, account_id) WHERE operation_type = 'hold'`,
    );
    await q.query(`
      CREATE UNIQUE INDEX ux_ledger_entries_hold_ends_once ON ledger_entries (transaction_id, account_id)
        WHERE operation_type IN ('capture', 'release')`);
    await q.query(`
      ALTER TABLE transactions
        ADD CONSTRAINT ck_transactions_type
          CHECK (type IN ('cash_in', 'cash_out', 'p2p_in', 'p2p_out', 'reversal_out', 'reversal_in', 'med_return')),
        ADD CONSTRAINT ck_transactions_status
          CHECK (status IN ('pending', 'queued', 'processing', 'completed', 'failed', 'returned', 'cancelled', 'expired'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE IF NOT EXISTS account_number_seq START 100001`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT ck_transactions_status, DROP CONSTRAINT ck_transactions_type`);
    await q.query(`DROP INDEX ux_ledger_entries_hold_ends_once`);
    await q.query(`DROP INDEX ux_ledger_entries_hold_once`);
    await q.query(`DROP INDEX ux_transactions_client_e2e_type`);
    await q.query(`DROP INDEX ix_qr_lookups_created`);
    await q.query(`DROP INDEX ix_outbox_published_at`);
    await q.query(`DROP INDEX ix_outbox_webhook_pending`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN webhook_dispatched_at`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN claim_token`);
  }
}
