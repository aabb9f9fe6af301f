import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { cashOut, settled } from '../support/payments.js';
import { newClient, startApp } from '../support/test-app.js';

/** The database refuses what the code refuses, so a bug or a race cannot slip past it. */
describe('database guards (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    db = app.get(DataSource);
  });

  afterAll(() => app.close());

  it('one transaction per client, end-to-end id and type; a hold taken once and ended once; known types and statuses', async () => {
    const c = await newClient(app, { balance: '50.00' });
    const res = await cashOut(app, c, { amount: '5.00', pix_key: 'guards@example.com', pix_key_type: 'EMAIL' });
    const id = res.body.transaction_id as string;
    expect((await settled(app, c, id)).status).toBe('completed');
    // The violations below are this test's own, by hand (a bug's stand-in). Postgres would log each with its
    // failing row in DETAIL, where the Pix key of the request is; the suite's teardown fails on any request
    // value in the server log, and this session logs them tersely (no DETAIL), as a deployment may choose
    // to (docs/adr/0087-values-travel-as-bound-parameters.md).
    const session = db.createQueryRunner();
    await session.query(`SET log_error_verbosity = terse`);
    const violation = (sql: string, params: unknown[]) =>
      expect(session.query(sql, params)).rejects.toMatchObject({
        driverError: expect.objectContaining({ code: expect.stringMatching(/^23(505|514)$/) }),
      });

    await violation(
      `INSERT INTO transactions (id, client_id, account_id, type, status, amount, tax_amount, end_to_end_id, channel, created_at, updated_at)
       SELECT gen_random_uuid(), client_id, account_id, type, status, amount, tax_amount, end_to_end_id, channel, created_at, updated_at FROM transactions WHERE id = $1`,
      [id],
    );
    for (const op of ['hold', 'capture', 'release']) {
      await violation(
        `INSERT INTO ledger_entries (journal_id, transaction_id, account_id, operation_type, amount, available_before, available_after, blocked_before, blocked_after)
         SELECT journal_id, transaction_id, account_id, $2, amount, 0, 0, 0, 0 FROM ledger_entries WHERE transaction_id = $1 LIMIT 1`,
        [id, op],
      );
    }
    await violation(`UPDATE transactions SET status = 'lost' WHERE id = $1`, [id]);
    await violation(`UPDATE transactions SET type = 'teleport' WHERE id = $1`, [id]);
    await session.query(`RESET log_error_verbosity`);
    await session.release();
  });
});
