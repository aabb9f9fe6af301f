import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reversals (devoluções) of received payments. A reversal's id is its `reversal_out` transaction. The
 * received payment keeps how much of it has been given back (`transactions.refunded_amount`), which the
 * database never lets exceed the payment's amount, whatever the code does.
 */
export class Reversals1763980000000 implements MigrationInterface {
  name = 'Reversals1763980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transactions ADD COLUMN refunded_amount numeric(20,6) NOT NULL DEFAULT 0,
        ADD CONSTRAINT ck_transactions_refunded_amount CHECK (refunded_amount >= 0 AND refunded_amount <= amount)`);
    await q.query(`
      CREATE TABLE reversals (
        id uuid PRIMARY KEY REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        external_id varchar(100) NOT NULL,
        original_transaction_id uuid NOT NULL REFERENCES transactions(id),
        original_end_to_end_id varchar(32) NOT NULL,
        refund_end_to_end_id varchar(32) NOT NULL UNIQUE CHECK (refund_end_to_end_id LIKE 'D%'),
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        refund_code varchar(4) NOT NULL CHECK (refund_code IN ('MD06', 'BE08', 'FR01', 'SL02')),
        reason varchar(140),
        customer_message varchar(140),
        user_metadata jsonb,
        tags jsonb NOT NULL DEFAULT '[]',
        payee jsonb NOT NULL,
        payee_transaction_id uuid REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        error_code varchar(16),
        error_message varchar(300),
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT uq_reversals_external_id UNIQUE (client_id, external_id)
      )`);
    await q.query(`CREATE INDEX ix_reversals_client_created ON reversals (client_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_reversals_original ON reversals (client_id, original_end_to_end_id)`);
    await q.query(`CREATE INDEX ix_reversals_unfinished ON reversals (updated_at) WHERE status IN ('queued', 'processing')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reversals`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT ck_transactions_refunded_amount, DROP COLUMN refunded_amount`);
  }
}
