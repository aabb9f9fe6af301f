import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A charge's `cash_in` line carries the charge's txid, as its payment's `cash_in.completed` does
 * (docs/adr/0226-a-charge-line-carries-its-txid.md): new charges write it when issued, and the lines of the
 * charges issued before are given theirs here. Data only; no column changes.
 */
export class ChargeLineTxid1764240000000 implements MigrationInterface {
  name = 'ChargeLineTxid1764240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE transactions t SET txid = c.txid FROM cash_in_charges c WHERE t.id = c.id AND t.txid IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE transactions t SET txid = NULL FROM cash_in_charges c WHERE t.id = c.id AND t.txid = c.txid`);
  }
}
