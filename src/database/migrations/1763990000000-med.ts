import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MED requests (Mecanismo Especial de Devolução, docs/adr/0134-one-med-request-per-payment-ever.md): one per
 * received payment (`cash_in` or `p2p_in`), blocking `blocked_amount` of the receiver's balance while OPEN or
 * IN_ANALYSIS. An approval's `med_return` transaction is written with the request (deferred key: the request row
 * is written before the transaction row).
 */
export class Med1763990000000 implements MigrationInterface {
  name = 'Med1763990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE med_requests (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        transaction_id uuid NOT NULL REFERENCES transactions(id),
        end_to_end_id varchar(32) NOT NULL,
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        blocked_amount numeric(20,6) NOT NULL CHECK (blocked_amount >= 0),
        reason varchar(140),
        status varchar(16) NOT NULL CHECK (status IN ('OPEN', 'IN_ANALYSIS', 'APPROVED', 'REJECTED', 'CLOSED')),
        response_reason varchar(140),
        return_transaction_id uuid UNIQUE REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        return_end_to_end_id varchar(32) UNIQUE,
        respond_by timestamptz NOT NULL,
        responded_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ck_med_requests_blocked_le_amount CHECK (blocked_amount <= amount),
        CONSTRAINT ck_med_requests_responded CHECK ((status IN ('APPROVED', 'REJECTED')) = (responded_at IS NOT NULL)),
        CONSTRAINT ck_med_requests_return CHECK (
          (return_transaction_id IS NULL) = (return_end_to_end_id IS NULL)
          AND (return_transaction_id IS NULL OR (status = 'APPROVED' AND blocked_amount > 0)))
      )`);
    // One request per payment, whatever its status (docs/adr/0134-one-med-request-per-payment-ever.md).
    await q.query(`CREATE UNIQUE INDEX uq_med_requests_transaction ON med_requests (transaction_id)`);
    // The list: a client's requests in one status, newest first.
    await q.query(`CREATE INDEX ix_med_requests_client_status ON med_requests (client_id, status, created_at DESC, id DESC)`);
    // The deadline sweep's claims: active requests by age and by deadline.
    await q.query(`CREATE INDEX ix_med_requests_open_created ON med_requests (created_at) WHERE status = 'OPEN'`);
    await q.query(`CREATE INDEX ix_med_requests_active_deadline ON med_requests (respond_by) WHERE status IN ('OPEN', 'IN_ANALYSIS')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE med_requests`);
  }
}
