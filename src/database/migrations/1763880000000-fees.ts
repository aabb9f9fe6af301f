import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-client fee rules per transaction type. */
export class Fees1763880000000 implements MigrationInterface {
  name = 'Fees1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE fee_schedules (
        client_id uuid NOT NULL REFERENCES clients(id),
        transaction_type varchar(16) NOT NULL,
        fixed_amount numeric(20,2) NOT NULL CHECK (fixed_amount >= 0),
        percent numeric(7,4) NOT NULL CHECK (percent >= 0 AND percent <= 100),
        updated_by uuid NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (client_id, transaction_type)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE fee_schedules`);
  }
}
