import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pix keys held at this service: a value is active on at most one account; deleted rows stay as history. */
export class PixKeys1763850000000 implements MigrationInterface {
  name = 'PixKeys1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pix_keys (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        key_type varchar(8) NOT NULL CHECK (key_type IN ('CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP')),
        key_value varchar(77) NOT NULL,
        status varchar(8) NOT NULL CHECK (status IN ('active', 'deleted')),
        deletion_reason varchar(32),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz,
        CHECK ((status = 'deleted') = (deleted_at IS NOT NULL AND deletion_reason IS NOT NULL))
      );
      CREATE UNIQUE INDEX uq_pix_keys_active_value ON pix_keys (key_value) WHERE status = 'active';
      CREATE INDEX ix_pix_keys_client_active ON pix_keys (client_id, created_at) WHERE status = 'active';
      CREATE INDEX ix_pix_keys_account_active ON pix_keys (account_id) WHERE status = 'active';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pix_keys`);
  }
}
