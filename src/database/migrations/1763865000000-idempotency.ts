import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency keys of docs/conventions.md §5 (per client, 24 h). */
export class Idempotency1763865000000 implements MigrationInterface {
  name = 'Idempotency1763865000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        client_id uuid NOT NULL,
        key varchar(64) NOT NULL,
        request_hash varchar(64) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('in_progress', 'completed')),
        response_status int,
        response_body jsonb,
        locked_until timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (client_id, key)
      );
      CREATE INDEX ix_idempotency_keys_expires ON idempotency_keys (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
