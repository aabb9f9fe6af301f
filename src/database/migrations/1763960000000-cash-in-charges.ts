import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash-in charges (docs/conventions.md §9). A charge's id is its `cash_in` transaction's id; the row
 * records the charge's own state machine (pending -> completed | cancelled | expired), which its
 * transaction row follows. A cash-out paying a charge (Flow 3, on-us) names it in `cash_outs.charge_id`.
 *
 * Limit usage: a pending charge has received nothing, so `pending` no longer counts towards `pix_in`;
 * its receipt counts when the row turns `completed` (with the amount actually paid).
 */
export class CashInCharges1763960000000 implements MigrationInterface {
  name = 'CashInCharges1763960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cash_in_charges (
        id uuid PRIMARY KEY REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        txid varchar(35) NOT NULL CHECK (txid ~ '^[A-Za-z0-9]{26,35}$'),
        reference varchar(140) NOT NULL,
        description varchar(140),
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        pix_key varchar(100) NOT NULL,
        pix_key_type varchar(8) NOT NULL,
        expected_payer jsonb,
        expires_at timestamptz NOT NULL,
        due_date date,
        terms jsonb,
        details jsonb NOT NULL DEFAULT '{}',
        metadata jsonb,
        qr_code_text varchar(512) NOT NULL,
        registry_document_id varchar(64) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled', 'expired')),
        paid_amount numeric(20,6) CHECK (paid_amount > 0),
        end_to_end_id varchar(32),
        payer jsonb,
        paid_at timestamptz,
        cancelled_at timestamptz,
        expired_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ck_cash_in_charges_terms CHECK ((due_date IS NULL) = (terms IS NULL)),
        CONSTRAINT ck_cash_in_charges_paid CHECK (
          (status = 'completed') = (paid_amount IS NOT NULL AND end_to_end_id IS NOT NULL AND paid_at IS NOT NULL)),
        CONSTRAINT ck_cash_in_charges_cancelled CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
        CONSTRAINT ck_cash_in_charges_expired CHECK ((status = 'expired') = (expired_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_cash_in_charges_txid ON cash_in_charges (txid)`);
    await q.query(`CREATE UNIQUE INDEX uq_cash_in_charges_e2e ON cash_in_charges (end_to_end_id) WHERE end_to_end_id IS NOT NULL`);
    // The expiry sweep's claim: pending charges by expiry.
    await q.query(`CREATE INDEX ix_cash_in_charges_pending_expiry ON cash_in_charges (expires_at) WHERE status = 'pending'`);
    await q.query(`ALTER TABLE cash_outs ADD COLUMN charge_id uuid REFERENCES cash_in_charges(id)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION limit_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT status IN ('queued', 'processing', 'completed', 'returned')
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION limit_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT status IN ('pending', 'queued', 'processing', 'completed', 'returned')
      $$`);
    await q.query(`ALTER TABLE cash_outs DROP COLUMN charge_id`);
    await q.query(`DROP TABLE cash_in_charges`);
  }
}
