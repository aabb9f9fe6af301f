import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotency key is now claimed inside its request's own transaction
 * (docs/adr/0091-claim-is-first-statement-of-request-transaction.md): a claim is never committed on its own, so
 * the lease (`locked_until`) and the fencing token (`claim_token`) that guarded a committed claim whose request
 * died are gone. Committed claims still `in_progress` belong to requests of the old code; deleting them is safe,
 * because their fencing made such a request roll back when it found its claim gone, and a retry then runs it once.
 */
export class IdempotencyClaimInPayment1764060000000 implements MigrationInterface {
  name = 'IdempotencyClaimInPayment1764060000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys WHERE status = 'in_progress'`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN claim_token, DROP COLUMN locked_until`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN claim_token uuid, ADD COLUMN locked_until timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN locked_until DROP DEFAULT`);
  }
}
