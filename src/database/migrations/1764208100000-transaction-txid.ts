import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A statement line keeps the txid of the QR code its payment paid (a static code's 62-05, or a dynamic
 * code's charge txid on the payer's side), so the receiver reconciles by it
 * (docs/adr/0213-static-codes-for-own-keys.md). Null for every other line, and for the lines written before.
 */
export class TransactionTxid1764208100000 implements MigrationInterface {
  name = 'TransactionTxid1764208100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions ADD COLUMN txid varchar(35)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions DROP COLUMN txid`);
  }
}
