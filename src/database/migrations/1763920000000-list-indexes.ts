import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transaction lists read only the page they show: each filter has a (client_id, filter, created_at,
 * id) index in the list's order, so a page costs offset + limit index entries however long the
 * client's history. The (account_id, type, created_at) index served the limits' usage sums, which
 * stored counters replaced; it only slowed writes down.
 */
export class ListIndexes1763920000000 implements MigrationInterface {
  name = 'ListIndexes1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_client_created`);
    await q.query(`DROP INDEX ix_transactions_account_type_created`);
    await q.query(`CREATE INDEX ix_transactions_client_created ON transactions (client_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_transactions_client_type_created ON transactions (client_id, type, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_transactions_client_status_created ON transactions (client_id, status, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_client_status_created`);
    await q.query(`DROP INDEX ix_transactions_client_type_created`);
    await q.query(`DROP INDEX ix_transactions_client_created`);
    await q.query(`CREATE INDEX ix_transactions_account_type_created ON transactions (account_id, type, created_at)`);
    await q.query(`CREATE INDEX ix_transactions_client_created ON transactions (client_id, created_at DESC)`);
  }
}
