import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limit changes timed as Resolução BCB nº 1/2020 (as amended by Resolução BCB nº 142/2021) sets them
 * (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md): a request shows when its cap takes effect
 * (`effective_at`; the approvals made before this took effect when decided), and an approved raise waits in
 * `limit_cap_schedule` (one per account, type and period) until its time, when it replaces the cap in
 * `account_limits` for every payment checked from then on.
 */
export class LimitChangeTiming1764210000000 implements MigrationInterface {
  name = 'LimitChangeTiming1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE limit_requests ADD COLUMN effective_at timestamptz`);
    await q.query(`UPDATE limit_requests SET effective_at = decided_at WHERE status = 'approved'`);
    await q.query(`
      CREATE TABLE limit_cap_schedule (
        account_id uuid NOT NULL REFERENCES accounts(id),
        type varchar(16) NOT NULL,
        period varchar(16) NOT NULL CHECK (period IN ('daytime', 'nighttime', 'daily', 'monthly')),
        amount numeric(20,6) NOT NULL CHECK (amount >= 0),
        effective_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, type, period)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE limit_cap_schedule`);
    await q.query(`ALTER TABLE limit_requests DROP COLUMN effective_at`);
  }
}
