import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotent request's stored answer is kept as the exact JSON text it was sent as (`text`, not `jsonb`):
 * jsonb reorders an object's keys, and a replay must be the first answer byte for byte
 * (docs/conventions.md §5). Rows stored before keep their jsonb text, in jsonb's key order.
 */
export class IdempotencyRawAnswer1764010000000 implements MigrationInterface {
  name = 'IdempotencyRawAnswer1764010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE text USING response_body::text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`);
  }
}
