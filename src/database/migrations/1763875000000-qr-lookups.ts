import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The decode history: each BR Code decode, payable once within 30 minutes. */
export class QrLookups1763875000000 implements MigrationInterface {
  name = 'QrLookups1763875000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr_lookups (
        end_to_end_id varchar(32) PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        qr_type varchar(8) NOT NULL CHECK (qr_type IN ('static', 'dynamic')),
        pix_key varchar(100),
        pix_key_type varchar(8),
        receiver jsonb NOT NULL,
        fixed_amount numeric(20,2),
        charge_id uuid,
        result jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        used_at timestamptz,
        cash_out_id uuid
      );
      CREATE INDEX ix_qr_lookups_client_created ON qr_lookups (client_id, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr_lookups`);
  }
}
