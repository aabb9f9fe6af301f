import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reference filter gets its list's order too, like type and status (ListIndexes1763920000000):
 * a reference shared by many rows (a payroll batch, a recurring bill) was served by walking the whole
 * history newest first until 20 rows matched, or by sorting every match. (client_id, reference, ...)
 * still serves every lookup the old (client_id, reference) index served.
 */
export class ListReferenceIndex1763940000000 implements MigrationInterface {
  name = 'ListReferenceIndex1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_transactions_client_reference_created ON transactions (client_id, reference, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX ix_transactions_client_reference`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_transactions_client_reference ON transactions (client_id, reference)`);
    await q.query(`DROP INDEX ix_transactions_client_reference_created`);
  }
}
