import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * P2P transfers between clients of this service. A transfer's id is the payer's `p2p_out` transaction;
 * `receiver_transaction_id` is the payee's `p2p_in`. Both commit with the transfer (deferred keys: the
 * transfer row is written before the transaction rows, which take the usage counters' locks last).
 */
export class P2pTransfers1763970000000 implements MigrationInterface {
  name = 'P2pTransfers1763970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE p2p_transfers (
        id uuid PRIMARY KEY REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        receiver_transaction_id uuid NOT NULL UNIQUE REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
        end_to_end_id varchar(32) NOT NULL UNIQUE,
        payer_client_id uuid NOT NULL REFERENCES clients(id),
        payer_account_id uuid NOT NULL REFERENCES accounts(id),
        payee_client_id uuid NOT NULL REFERENCES clients(id),
        payee_account_id uuid NOT NULL REFERENCES accounts(id),
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        description varchar(140),
        external_id varchar(100),
        created_at timestamptz NOT NULL,
        CONSTRAINT ck_p2p_transfers_not_self CHECK (payer_client_id <> payee_client_id)
      )`);
    await q.query(`CREATE INDEX ix_p2p_transfers_payer ON p2p_transfers (payer_client_id, created_at DESC)`);
    await q.query(`CREATE INDEX ix_p2p_transfers_payee ON p2p_transfers (payee_client_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE p2p_transfers`);
  }
}
