import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cash-outs and the sandbox SPI's order book. */
export class CashOut1763870000000 implements MigrationInterface {
  name = 'CashOut1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cash_outs (
        id uuid PRIMARY KEY REFERENCES transactions(id),
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        external_id varchar(100),
        amount numeric(20,6) NOT NULL CHECK (amount > 0),
        flow varchar(8) NOT NULL CHECK (flow IN ('key', 'bank', 'qr')),
        pix_key varchar(100),
        pix_key_type varchar(8),
        payer jsonb NOT NULL,
        receiver jsonb NOT NULL,
        end_to_end_id varchar(32) NOT NULL UNIQUE,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'failed', 'returned')),
        error_code varchar(16),
        error_message varchar(300),
        returned_amount numeric(20,6),
        completed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX ix_cash_outs_client_created ON cash_outs (client_id, created_at DESC);
      CREATE INDEX ix_cash_outs_unfinished ON cash_outs (status, updated_at) WHERE status IN ('queued', 'processing');

      CREATE TABLE sandbox_spi_orders (
        end_to_end_id varchar(32) PRIMARY KEY,
        amount numeric(20,6) NOT NULL,
        outcome varchar(16) NOT NULL,
        code varchar(16),
        message varchar(300),
        sends int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_spi_orders; DROP TABLE cash_outs;`);
  }
}
