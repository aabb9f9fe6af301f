import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API Pix `revisao` of a charge (docs/adr/0205-payload-location.md): 0 when issued, one more at every change
 * of the row. The database counts it, so no UPDATE of a charge (paid, cancelled, expired, or any later one)
 * can forget it; an UPDATE that changes nothing counts nothing.
 */
export class ChargeRevision1764204000000 implements MigrationInterface {
  name = 'ChargeRevision1764204000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cash_in_charges ADD COLUMN revision integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION cash_in_charges_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.revision := OLD.revision + 1;
        RETURN NEW;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER cash_in_charges_revision BEFORE UPDATE ON cash_in_charges
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION cash_in_charges_revision()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER cash_in_charges_revision ON cash_in_charges`);
    await q.query(`DROP FUNCTION cash_in_charges_revision()`);
    await q.query(`ALTER TABLE cash_in_charges DROP COLUMN revision`);
  }
}
