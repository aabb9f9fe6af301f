import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account limit overrides (also the per-account, per-type usage lock) and limit change requests. */
export class Limits1763860000000 implements MigrationInterface {
  name = 'Limits1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_limits (
        account_id uuid NOT NULL REFERENCES accounts(id),
        type varchar(16) NOT NULL CHECK (type IN ('pix_out', 'pix_in', 'ted', 'boleto')),
        daytime_limit numeric(20,6) CHECK (daytime_limit > 0),
        nighttime_limit numeric(20,6) CHECK (nighttime_limit > 0),
        daily_limit numeric(20,6) CHECK (daily_limit > 0),
        monthly_limit numeric(20,6) CHECK (monthly_limit > 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, type)
      );

      CREATE TABLE limit_requests (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        account_id uuid NOT NULL REFERENCES accounts(id),
        type varchar(16) NOT NULL CHECK (type IN ('pix_out', 'pix_in', 'ted', 'boleto')),
        period varchar(16) NOT NULL CHECK (period IN ('daytime', 'nighttime', 'daily', 'monthly')),
        current_amount numeric(20,6) NOT NULL CHECK (current_amount >= 0),
        requested_amount numeric(20,6) NOT NULL CHECK (requested_amount > 0),
        reason varchar(500) NOT NULL DEFAULT '',
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
        response_reason varchar(500),
        decided_by uuid,
        decided_at timestamptz,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      -- One pending request per account, type and period; creation relies on it under races.
      CREATE UNIQUE INDEX uq_limit_requests_pending ON limit_requests (account_id, type, period) WHERE status = 'pending';
      CREATE INDEX ix_limit_requests_pending_expiry ON limit_requests (expires_at) WHERE status = 'pending';
      CREATE INDEX ix_limit_requests_client_status ON limit_requests (client_id, status);
      CREATE INDEX ix_limit_requests_status_updated ON limit_requests (status, updated_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE limit_requests; DROP TABLE account_limits;`);
  }
}
