import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cash-out keeps how it was initiated (`MANU`, `DICT`, `QRES`, `QRDN`) and the payer's description, which
 * its SPI order carries as pacs.008 does; the sandbox SPI's order book keeps what an order carried
 * (docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md). Existing cash-outs are backfilled from their
 * flow: before this migration only a dynamic QR's payment had a txid or a charge.
 */
export class SpiOrderInitiation1764208000000 implements MigrationInterface {
  name = 'SpiOrderInitiation1764208000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cash_outs ADD COLUMN initiation_type varchar(4), ADD COLUMN description varchar(140)`);
    await q.query(`
      UPDATE cash_outs SET initiation_type = CASE flow
        WHEN 'key' THEN 'DICT'
        WHEN 'bank' THEN 'MANU'
        ELSE CASE WHEN charge_id IS NOT NULL OR txid IS NOT NULL THEN 'QRDN' ELSE 'QRES' END
      END`);
    await q.query(`
      ALTER TABLE cash_outs ALTER COLUMN initiation_type SET NOT NULL,
        ADD CONSTRAINT ck_cash_outs_initiation_type CHECK (initiation_type IN ('MANU', 'DICT', 'QRES', 'QRDN'))`);
    await q.query(`
      ALTER TABLE sandbox_spi_orders
        ADD COLUMN initiation_type varchar(4),
        ADD COLUMN pix_key varchar(100),
        ADD COLUMN txid varchar(35),
        ADD COLUMN remittance_information varchar(140)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sandbox_spi_orders
        DROP COLUMN initiation_type, DROP COLUMN pix_key, DROP COLUMN txid, DROP COLUMN remittance_information`);
    await q.query(`ALTER TABLE cash_outs DROP COLUMN initiation_type, DROP COLUMN description`);
  }
}
