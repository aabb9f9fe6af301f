import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cash-out paying a dynamic QR (Flow 3) keeps the charge's txid, which its SPI order carries to the
 * receiving institution (docs/adr/0208-foreign-dynamic-qr-verification.md). Null for every other payment.
 */
export class CashOutTxid1764207000000 implements MigrationInterface {
  name = 'CashOutTxid1764207000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cash_outs ADD COLUMN txid varchar(35)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cash_outs DROP COLUMN txid`);
  }
}
