import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An approved MED gives the money back to the payer (docs/conventions.md §10): at once when the payer is
 * a client here, through the SPI otherwise. The return to another institution is sent after the approval
 * commits, so the request records its amount and where it stands: `processing` (funds still blocked,
 * the return on its way), `completed` or `failed` (the SPI refused it: the funds were released to the
 * receiver). Requests approved before this change returned nothing to the payer; they are left as they
 * were (`return_status` null) — their money is in the settlement account, and an operator settles them.
 * The sandbox SPI's order book keeps what a return order carries (the original end-to-end id and the
 * reason code), as the scheme's return message does.
 */
export class MedReturnStatus1764040000000 implements MigrationInterface {
  name = 'MedReturnStatus1764040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE med_requests
        ADD COLUMN return_amount numeric(20,6) CHECK (return_amount > 0),
        ADD COLUMN return_status varchar(16) CHECK (return_status IN ('processing', 'completed', 'failed')),
        ADD CONSTRAINT ck_med_return_complete CHECK ((return_status IS NULL) = (return_amount IS NULL))`);
    await q.query(`ALTER TABLE sandbox_spi_orders ADD COLUMN original_end_to_end_id varchar(32), ADD COLUMN return_reason varchar(4)`);
    await q.query(`CREATE INDEX ix_med_requests_return_processing ON med_requests (responded_at) WHERE return_status = 'processing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_med_requests_return_processing`);
    await q.query(`ALTER TABLE sandbox_spi_orders DROP COLUMN original_end_to_end_id, DROP COLUMN return_reason`);
    await q.query(`ALTER TABLE med_requests DROP CONSTRAINT ck_med_return_complete, DROP COLUMN return_status, DROP COLUMN return_amount`);
  }
}
