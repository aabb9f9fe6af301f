import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app.config.js';
import { StatementDownloads } from '../../src/modules/statements/application/statement-downloads.js';
import { cashOut } from '../support/payments.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A busy merchant's year, as the review that found the stall had it: 60,000 entries on one account. */
const ENTRIES = 60_000;
/** Fewer bytes than the whole statement of ENTRIES entries (about 110 bytes a row). */
const FULL_STATEMENT_BYTES = ENTRIES * 100;
/**
 * Test-sized stall bounds (production: STATEMENT_STALL_TIMEOUT_MS, 30 s): long enough, in the review's case, that
 * the readers are still stalled while the payments beside them go through, however busy the machine is.
 */
const STALL_MS = 2_000;
const LONG_STALL_MS = 8_000;

/**
 * `pairs` credits of 1.00 each followed by a debit of 1.00, on 9 March 2026 a millisecond apart, written as the
 * ledger writes them (in seq order, one journal whose postings sum to zero against an internal account), so
 * the ledger check stays green and the account's balance is unchanged.
 */
async function seedEntries(app: NestExpressApplication, accountId: string, entries: number): Promise<void> {
  await app.get(DataSource).query(
    `WITH j AS (INSERT INTO journals (description) VALUES ('test: a busy year') RETURNING id),
     p AS (
       INSERT INTO postings (journal_id, account_id, internal_account, bucket, amount)
       SELECT j.id, x.account_id, x.internal_account, 'available', x.amount
       FROM j, generate_series(1, $2::int) g,
            LATERAL (VALUES ($1::uuid, NULL::varchar, CASE WHEN g % 2 = 1 THEN 1 ELSE -1 END::numeric),
                            (NULL::uuid, 'test_seed', CASE WHEN g % 2 = 1 THEN -1 ELSE 1 END::numeric)) AS x(account_id, internal_account, amount)
     )
     INSERT INTO ledger_entries (journal_id, account_id, operation_type, amount, available_before, available_after,
                                 blocked_before, blocked_after, created_at)
     SELECT j.id, $1, CASE WHEN g % 2 = 1 THEN 'credit' ELSE 'debit' END, 1,
            CASE WHEN g % 2 = 1 THEN 0 ELSE 1 END, CASE WHEN g % 2 = 1 THEN 1 ELSE 0 END, 0, 0,
            '2026-03-09T10:00:00Z'::timestamptz + g * interval '1 millisecond'
     FROM j, generate_series(1, $2::int) g ORDER BY g`,
    [accountId, entries],
  );
}

/**
 * A reader that asks for the statement and then reads nothing: its socket fills, and the server's writes wait.
 * `readRest` starts reading at last and answers how many bytes came before the connection ended.
 */
function stalledReader(port: number, token: string): Promise<{ readRest: () => Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.pause(); // what the server sends piles up in the kernel's buffers
      socket.write(
        `GET /api/v1/statements?date_from=2026-03-09&date_to=2026-03-09&format=csv HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      const readRest = () =>
        new Promise<number>((done) => {
          let bytes = 0;
          socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
          socket.once('close', () => done(bytes));
          socket.resume();
        });
      resolve({ readRest });
    });
    socket.on('error', () => undefined); // a connection reset at the end is one way of being cut off
    socket.once('error', reject);
  });
}

/**
 * Sessions of this run's database that have sat inside a transaction doing nothing for over a second (what each
 * stalled reader held before); a pipelined transaction is idle for a moment between its round trips.
 */
async function idleInTransaction(app: NestExpressApplication): Promise<number> {
  const [row] = await app.get(DataSource).query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND state_change < now() - interval '1 second'`,
  );
  return (row as { n: number }).n;
}

/**
 * Statement downloads never starve payments (docs/adr/0239-statements-read-in-pages-from-a-cut.md): a statement
 * reads its pages one short statement at a time, holding no transaction or connection while its reader is slow;
 * a reader that takes nothing for the stall bound is cut off; downloads have a budget of their own.
 */
describe('statement downloads and stalled readers (e2e)', () => {
  describe('sixteen stalled readers of a large statement, budgets wide open', () => {
    let app: NestExpressApplication;
    let port: number;
    let merchant: TestClient;
    let payer: TestClient;

    beforeAll(async () => {
      // The budget is opened to 16 so that only the reading itself is under test: before this change, these
      // 16 readers held 15 request connections idle in transaction and payments answered 503.
      app = await startApp({
        statementDownloads: { perClient: 16, perProcess: 16, stallMs: LONG_STALL_MS },
        dbPoolTimeoutMs: 2_000,
      });
      await app.listen(0, '127.0.0.1');
      port = (app.getHttpServer().address() as AddressInfo).port;
      merchant = await newClient(app, { legal: true });
      payer = await newClient(app, { balance: '100.00' });
      await seedEntries(app, merchant.accountId, ENTRIES);
    });

    afterAll(() => app.close());

    it('lets another client pay and charge while they stall, holds no transaction for them, and cuts them off', async () => {
      // (Speed is not asserted: 16 statements turning pages into text share this process's CPU with the payments.)
      const readers = await Promise.all(Array.from({ length: 16 }, () => stalledReader(port, merchant.token)));
      const downloads = app.get(StatementDownloads);
      await eventually(() => Promise.resolve(downloads.inProgress === 16));

      // Payments and charges of another client go through, one after another, while all 16 are stalled.
      for (let i = 0; i < 5; i++) {
        const out = await cashOut(
          app,
          payer,
          { amount: '1.00', pix_key: 'joana@example.com', pix_key_type: 'EMAIL' },
          {
            'X-Idempotency-Key': randomUUID(),
          },
        );
        expect(out.status).toBe(200);
        const charge = await http(app)
          .post('/api/v1/pix/cash-in/qrcode')
          .set(payer.auth)
          .send({ amount: '7.00', reference: `order-${i}` });
        expect(charge.status).toBe(200);
        expect(await idleInTransaction(app)).toBe(0);
        // Readers still stalled (they cannot finish: none reads), so the payment went through beside them.
        expect(downloads.inProgress).toBeGreaterThan(0);
      }

      // No progress for the stall bound: the server ends every one of them, and gives their places back. What
      // reached the reader is a cut-off statement: the whole one is about 7 MB.
      await eventually(() => Promise.resolve(downloads.inProgress === 0), 3 * LONG_STALL_MS);
      for (const bytes of await Promise.all(readers.map((r) => r.readRest()))) expect(bytes).toBeLessThan(FULL_STATEMENT_BYTES);
    }, 120_000);

    it('sets the idle-in-transaction bound on every session of the pool (a backstop)', async () => {
      const [row] = await app.get(DataSource).query(`SHOW idle_in_transaction_session_timeout`);
      expect(row).toEqual({ idle_in_transaction_session_timeout: '30s' }); // DB_IDLE_IN_TRANSACTION_TIMEOUT_MS' default
    });

    it('still serves the whole statement to a reader that reads, with every entry between its balances', async () => {
      const res = await http(app)
        .get('/api/v1/statements')
        .query({ date_from: '2026-03-09', date_to: '2026-03-09' })
        .set(merchant.auth)
        .buffer(true)
        .parse((r, done) => {
          let rows = 0;
          let last = '';
          r.setEncoding('utf8');
          r.on('data', (chunk: string) => {
            const text = last + chunk;
            const lines = text.split('\r\n');
            last = lines.pop()!;
            rows += lines.length;
          });
          r.on('end', () => done(null, { rows, tail: last }));
        });
      expect(res.status).toBe(200);
      // header, opening balance, 60,000 entries (60 pages), closing balance
      expect(res.body).toEqual({ rows: ENTRIES + 3, tail: '' });
      expect(Number(res.headers['content-length'] ?? 0)).toBe(0); // streamed (chunked), never measured up front
    });
  });

  describe('the budget of statement downloads (defaults: 2 per client, 4 per process)', () => {
    let app: NestExpressApplication;
    let port: number;
    let merchant: TestClient;
    let other: TestClient;

    beforeAll(async () => {
      const defaults = loadConfig({}).statementDownloads;
      expect(defaults).toEqual({ perClient: 2, perProcess: 4, stallMs: 30_000 }); // README, "Configuration"
      app = await startApp({ statementDownloads: { ...defaults, stallMs: STALL_MS } });
      await app.listen(0, '127.0.0.1');
      port = (app.getHttpServer().address() as AddressInfo).port;
      merchant = await newClient(app, { legal: true });
      other = await newClient(app, { balance: '5.00' });
      await seedEntries(app, merchant.accountId, ENTRIES);
    });

    afterAll(() => app.close());

    it("answers a client's third download at once with 429 RATE_LIMITED and Retry-After, and serves another client", async () => {
      const readers = await Promise.all([stalledReader(port, merchant.token), stalledReader(port, merchant.token)]);
      await eventually(() => Promise.resolve(app.get(StatementDownloads).inProgress === 2));
      const third = await http(app).get('/api/v1/statements').query({ date_from: '2026-03-09', date_to: '2026-03-09' }).set(merchant.auth);
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBe('10');
      expect(third.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      const others = await http(app).get('/api/v1/statements').query({ date_from: '2026-03-10', date_to: '2026-03-10' }).set(other.auth);
      expect(others.status).toBe(200);
      await eventually(() => Promise.resolve(app.get(StatementDownloads).inProgress === 0), 20_000);
      await Promise.all(readers.map((r) => r.readRest()));
      const again = await http(app).get('/api/v1/statements').query({ date_from: '2026-03-10', date_to: '2026-03-10' }).set(merchant.auth);
      expect(again.status).toBe(200);
    });
  });
});
