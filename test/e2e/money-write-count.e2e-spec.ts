import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { PipelinedUnitOfWork } from '../../src/shared/persistence/pipelined-unit-of-work.js';
import { bankDetails, cashOut } from '../support/payments.js';
import { newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * What one cash-out's creation costs the database, counted (issue "one write path for money", point 4): round
 * trips, commits, statements, and the rows it leaves written in each table (inserted, or updated to a new
 * version), found by their `xmin` between two transaction ids taken before and after the request. The API role
 * runs no relay or worker, so everything counted is the request's. The harness's pgbench transaction, for
 * comparison, is six statements and one commit writing five rows and updating one.
 */
describe('what a cash-out creation writes (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let uow: PipelinedUnitOfWork;
  let c: TestClient;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    db = app.get(DataSource);
    uow = app.get(PipelinedUnitOfWork);
    c = await newClient(app, { balance: '1000.00' });
  });

  afterAll(() => app.close());

  const xid = async () => Number((await db.query(`SELECT pg_current_xact_id()::text AS x`))[0].x);

  /** Rows of each table whose current version was written by a transaction started between `from` and `to`. */
  async function rowsWritten(from: number, to: number): Promise<Record<string, number>> {
    const tables = (await db.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`,
    )) as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await db.query(`SELECT count(*)::int AS n FROM "${name}" WHERE xmin::text::bigint > $1 AND xmin::text::bigint < $2`, [
        from,
        to,
      ]);
      if (row.n > 0) counts[name] = row.n;
    }
    return counts;
  }

  async function count(body: object) {
    // The first one warms what is cached per process (participants, the fee schedule, limits).
    await cashOut(app, c, { amount: '1.00', ...body }, { 'X-Idempotency-Key': randomUUID() });
    const before = { roundTrips: uow.roundTrips, commits: uow.commits, statements: uow.statements, xid: await xid() };
    const res = await cashOut(app, c, { amount: '1.00', ...body }, { 'X-Idempotency-Key': randomUUID() });
    expect(res.status).toBe(200);
    const after = { roundTrips: uow.roundTrips, commits: uow.commits, statements: uow.statements, xid: await xid() };
    return {
      roundTrips: after.roundTrips - before.roundTrips,
      commits: after.commits - before.commits,
      statements: after.statements - before.statements,
      rows: await rowsWritten(before.xid, after.xid),
    };
  }

  /**
   * What the creation writes, whichever the flow: the payment (cash_outs, its statement line in transactions), the
   * hold (one journal, two postings, one entry, the balance), the limit counters of its three windows, one event,
   * the idempotency key. No house account is a row: the hold moves money between the payer's own buckets.
   */
  const WRITTEN = {
    cash_outs: 1,
    transactions: 1,
    journals: 1,
    postings: 2,
    ledger_entries: 1,
    ledger_accounts: 1,
    limit_usage: 3,
    outbox_messages: 1,
    idempotency_keys: 1,
  };

  // Round trips: the bounds test/e2e/round-trips.e2e-spec.ts explains (the key's look-up may travel alone).
  it.each([
    ['by Pix key', { pix_key: 'joana@example.com', pix_key_type: 'EMAIL' }, 4],
    ['by bank details', bankDetails, 2],
  ])('a cash-out %s: one commit, at most 15 statements, nine tables written', async (_flow, body, roundTrips) => {
    const cost = await count(body);
    expect(cost.commits).toBe(1);
    expect(cost.roundTrips).toBeLessThanOrEqual(roundTrips as number);
    expect(cost.statements).toBeLessThanOrEqual(15);
    expect(cost.rows).toEqual(WRITTEN);
  });
});
