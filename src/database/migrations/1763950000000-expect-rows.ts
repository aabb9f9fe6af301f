import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `expect_rows(actual, expected, what)`: raises SQLSTATE IP001 when a statement touched another number of
 * rows than it must. A write sent in a batch with others (and the COMMIT) cannot be checked by the code
 * before the commit, so the check runs in the database and its error aborts the transaction instead.
 */
export class ExpectRows1763950000000 implements MigrationInterface {
  name = 'ExpectRows1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION expect_rows(actual bigint, expected bigint, what text) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF actual <> expected THEN
          RAISE EXCEPTION USING ERRCODE = 'IP001', MESSAGE = what, DETAIL = format('%s row(s), expected %s', actual, expected);
        END IF;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION expect_rows(bigint, bigint, text)`);
  }
}
