import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charge list (GET /api/v1/pix/cash-in) in its own order, as the transaction list has it
 * (docs/adr/0052-lists-cost-a-page-not-a-history.md, docs/adr/0224-the-charge-list.md): a client's charges
 * newest first, and those of one reference (an order, an invoice: several charges may share it). A page
 * then reads offset + limit index entries, not the client's whole history. `txid` is served by
 * uq_cash_in_charges_txid.
 */
export class ChargeListIndexes1764242000000 implements MigrationInterface {
  name = 'ChargeListIndexes1764242000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_cash_in_charges_client_created ON cash_in_charges (client_id, created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX ix_cash_in_charges_client_reference_created ON cash_in_charges (client_id, reference, created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_cash_in_charges_client_reference_created`);
    await q.query(`DROP INDEX ix_cash_in_charges_client_created`);
  }
}
