import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { balanceOf, cashOut } from '../support/payments.js';
import { eventually, newClient, startApp } from '../support/test-app.js';

/**
 * A request slower than its idempotency lease lets a retry take the claim over; the claim is fenced, so
 * only the holder of the current claim can commit: one key, one payment.
 */
describe('idempotency claim takeover (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    // A 1 s lease, and lock waits long enough to outlive it (the defaults keep every wait below the lease).
    app = await startApp({ appRole: 'api', idempotencyLeaseMs: 1000, dbLockTimeoutMs: 20_000, dbStatementTimeoutMs: 30_000 });
  });

  afterAll(() => app.close());

  it('a stuck first run whose claim a retry took over rolls back; the retry makes the only payment', async () => {
    const c = await newClient(app, { balance: '100.00' });
    const db = app.get(DataSource);
    const key = randomUUID();
    const body = { amount: '10.00', pix_key: 'slow@example.com', pix_key_type: 'EMAIL', external_id: `takeover-${key}` };
    const claim = async () =>
      (await db.query('SELECT claim_token, locked_until < now() AS lapsed FROM idempotency_keys WHERE key = $1', [key]))[0];

    // Another session holds the payer's ledger row: the first run claims the key, then waits on it.
    const blocker = new pg.Client({ connectionString: app.get(APP_CONFIG).databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [c.accountId]);
      const first = cashOut(app, c, body, { 'X-Idempotency-Key': key }).then((r) => r);
      const firstClaim = await eventually(claim, 10_000);
      await eventually(async () => (await claim())?.lapsed, 10_000);

      // The lease has lapsed: a retry takes the claim over (a new token) and waits behind the first run.
      const second = cashOut(app, c, body, { 'X-Idempotency-Key': key }).then((r) => r);
      await eventually(async () => (await claim())?.claim_token !== firstClaim.claim_token, 10_000);
      await blocker.query('ROLLBACK');

      const answers = await Promise.all([first, second]);
      expect(answers.map((a) => a.status)).toEqual([409, 200]);
      expect(answers[0].body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      const rows = await db.query(`SELECT id FROM transactions WHERE client_id = $1 AND type = 'cash_out'`, [c.clientId]);
      expect(rows).toEqual([{ id: answers[1].body.transaction_id }]);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '90.00', blocked_balance: '10.00' });
    } finally {
      await blocker.end();
    }
  });
});
