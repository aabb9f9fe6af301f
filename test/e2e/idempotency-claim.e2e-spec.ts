import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { balanceOf, cashOut } from '../support/payments.js';
import { eventually, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * The idempotency key is claimed by the first statement of the payment's own transaction
 * (docs/adr/0091-claim-is-first-statement-of-request-transaction.md). docs/conventions.md §5 names the answers:
 * "same key while the first is still running -> 409 IDEMPOTENCY_KEY_IN_USE", then the stored answer with
 * `Idempotent-Replayed: true`. What the claim adds: a request that dies leaves no claim behind, so its retry runs
 * at once, exactly once.
 */
describe('idempotency claim inside the payment transaction (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  // An unhandled rejection ends a production process (Node's default): the claim's refusal must never be one.
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    // Lock waits long enough that only the test decides when the blocked first run goes on.
    app = await startApp({ appRole: 'api', dbLockTimeoutMs: 20_000, dbStatementTimeoutMs: 30_000 });
    db = app.get(DataSource);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await app.close();
  });

  afterEach(() => expect(unhandled).toEqual([]));

  const body = (key: string) => ({ amount: '10.00', pix_key: 'claim@example.com', pix_key_type: 'EMAIL', external_id: `claim-${key}` });
  const cashOutsOf = async (c: TestClient) =>
    (await db.query(`SELECT id FROM transactions WHERE client_id = $1 AND type = 'cash_out'`, [c.clientId])) as { id: string }[];
  /** Backends of this database waiting on a row lock: the blocked first run. */
  const waitingOnLocks = async () =>
    (await db.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    )) as { pid: number }[];

  /** Another session holds the payer's balance row, so the first run claims the key and then waits. */
  async function holdBalance(c: TestClient): Promise<pg.Client> {
    const blocker = new pg.Client({ connectionString: app.get(APP_CONFIG).databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [c.accountId]);
    return blocker;
  }

  it('a duplicate while the first runs answers 409 IN_USE at once; after the first commits, its replay', async () => {
    const c = await newClient(app, { balance: '100.00' });
    const key = randomUUID();
    const blocker = await holdBalance(c);
    try {
      const first = cashOut(app, c, body(key), { 'X-Idempotency-Key': key }).then((r) => r);
      await eventually(async () => (await waitingOnLocks()).length > 0, 10_000);

      const duplicate = await cashOut(app, c, body(key), { 'X-Idempotency-Key': key });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');

      await blocker.query('ROLLBACK');
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await cashOut(app, c, body(key), { 'X-Idempotency-Key': key });
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(done.body);
      expect(await cashOutsOf(c)).toEqual([{ id: done.body.transaction_id }]);
    } finally {
      await blocker.end();
    }
  });

  it('a request whose connection dies leaves no claim: the retry runs at once, and pays once', async () => {
    const c = await newClient(app, { balance: '100.00' });
    const key = randomUUID();
    const blocker = await holdBalance(c);
    try {
      const first = cashOut(app, c, body(key), { 'X-Idempotency-Key': key }).then((r) => r);
      const [victim] = await eventually(async () => {
        const rows = await waitingOnLocks();
        return rows.length > 0 && rows;
      }, 10_000);
      // The database loses the first run's connection mid-transaction, as when its process dies.
      await db.query('SELECT pg_terminate_backend($1)', [victim!.pid]);
      const lost = await first;
      expect(lost.status).toBe(503);
      await blocker.query('ROLLBACK');

      const retry = await cashOut(app, c, body(key), { 'X-Idempotency-Key': key });
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await cashOutsOf(c)).toEqual([{ id: retry.body.transaction_id }]);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '90.00', blocked_balance: '10.00' });
    } finally {
      await blocker.end();
    }
  });

  it('a refusal undoes the work written before it but keeps the key with the refusal, in one transaction', async () => {
    const c = await newClient(app, { balance: '5.00' });
    const key = randomUUID();
    const refused = await cashOut(app, c, body(key), { 'X-Idempotency-Key': key });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('INSUFFICIENT_FUNDS');
    // The cash-out row and its event were written before the hold refused: the savepoint undid them.
    expect(await cashOutsOf(c)).toEqual([]);
    const events = await db.query(`SELECT event_type FROM outbox_messages WHERE client_id = $1 AND event_type LIKE 'cash_out.%'`, [
      c.clientId,
    ]);
    expect(events).toEqual([]);
    const [stored] = await db.query(`SELECT status, response_status FROM idempotency_keys WHERE client_id = $1 AND key = $2`, [
      c.clientId,
      key,
    ]);
    expect(stored).toEqual({ status: 'completed', response_status: 400 });
    expect(await balanceOf(app, c)).toMatchObject({ available_balance: '5.00', blocked_balance: '0.00' });
  });

  it('fresh keys sent all at once are all claimed: none answers 409', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => newClient(app, { balance: '100.00' })));
    const answers = await Promise.all(
      Array.from({ length: 48 }, (_, i) => {
        const key = randomUUID();
        return cashOut(app, clients[i % clients.length]!, { ...body(key), amount: '1.00' }, { 'X-Idempotency-Key': key });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });
});
