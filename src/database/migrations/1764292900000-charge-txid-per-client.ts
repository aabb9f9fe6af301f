import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A charge's txid is unique per client, not across the institution (API Pix, schema `TxId`: "único por
 * CPF/CNPJ do usuário recebedor"; docs/adr/0229-cob-over-the-same-charges.md). Merchants choose their own
 * txids through API Pix (`PUT /cob/{txid}`), and two merchants numbering their orders alike must not refuse
 * each other's; nothing looks a charge up by txid alone. The new index also serves the look-up by client and txid.
 */
export class ChargeTxidPerClient1764292900000 implements MigrationInterface {
  name = 'ChargeTxidPerClient1764292900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX uq_cash_in_charges_client_txid ON cash_in_charges (client_id, txid)`);
    await q.query(`DROP INDEX uq_cash_in_charges_txid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX uq_cash_in_charges_txid ON cash_in_charges (txid)`);
    await q.query(`DROP INDEX uq_cash_in_charges_client_txid`);
  }
}
