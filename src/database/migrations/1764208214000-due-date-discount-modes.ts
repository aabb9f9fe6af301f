import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discount mode 4 of a due-date charge meant "percent per calendar day paid early"; it now means what API Pix's
 * cobv `desconto.modalidade` 4 means, "BRL per business day paid early", and the old meaning is mode 5
 * (docs/adr/0215-due-date-discount-modes-and-business-days.md). The charges written before keep their meaning:
 * their stored mode 4 becomes 5. No other term's mode changed.
 */
export class DueDateDiscountModes1764208214000 implements MigrationInterface {
  name = 'DueDateDiscountModes1764208214000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE cash_in_charges SET terms = jsonb_set(terms, '{discount,mode}', '5') WHERE terms->'discount'->>'mode' = '4'`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to the old meaning of 4. Modes 4 and 6 written since (per business day) had no earlier form, and
    // the code before this one refuses to price them.
    await q.query(`UPDATE cash_in_charges SET terms = jsonb_set(terms, '{discount,mode}', '4') WHERE terms->'discount'->>'mode' = '5'`);
  }
}
