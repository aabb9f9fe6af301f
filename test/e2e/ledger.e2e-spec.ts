import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { LedgerService } from '../../src/modules/ledger/application/ledger.service.js';
import { Money } from '../../src/shared/money/money.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { http, newAdmin, newClient, startApp } from '../support/test-app.js';

describe('ledger (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('never overdraws under many parallel debits, and the journal stays balanced', async () => {
    const c = await newClient(app, { balance: '100.00' });
    const ledger = app.get(LedgerService);
    const uow = app.get(UnitOfWork);
    const attempts = 40;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, () =>
        uow.run(() =>
          ledger.post({
            transactionId: null,
            description: 'concurrency test',
            lines: [{ accountId: c.accountId, operation: 'debit', amount: Money.of('3.00') }],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'INSUFFICIENT_FUNDS').length;
    expect(ok).toBe(33);
    expect(refused).toBe(attempts - 33);

    const balance = await http(app).get('/api/v1/pix/balance').set(c.auth);
    expect(balance.body.data).toMatchObject({ available_balance: '1.00', blocked_balance: '0.00', total_balance: '1.00' });

    const admin = await newAdmin(app);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
  });

  it('holds, captures and releases through the blocked bucket with before/after figures', async () => {
    const c = await newClient(app, { balance: '50.00' });
    const ledger = app.get(LedgerService);
    const uow = app.get(UnitOfWork);
    const post = (operation: 'hold' | 'capture' | 'release', amount: string) =>
      uow.run(() =>
        ledger.post({
          transactionId: null,
          description: operation,
          lines: [{ accountId: c.accountId, operation, amount: Money.of(amount) }],
        }),
      );
    await post('hold', '20.00');
    let b = (await http(app).get('/api/v1/pix/balance').set(c.auth)).body.data;
    expect(b).toMatchObject({ available_balance: '30.00', blocked_balance: '20.00', total_balance: '50.00' });
    await post('capture', '15.00');
    await post('release', '5.00');
    b = (await http(app).get('/api/v1/pix/balance').set(c.auth)).body.data;
    expect(b).toMatchObject({ available_balance: '35.00', blocked_balance: '0.00', total_balance: '35.00' });
    await expect(post('release', '0.01')).rejects.toMatchObject({ code: 'INSUFFICIENT_BLOCKED_FUNDS' });
  });

  it('detects a tampered balance in verify', async () => {
    const c = await newClient(app, { balance: '5.00' });
    const admin = await newAdmin(app);
    const ds = app.get(DataSource);
    await ds.query(`UPDATE ledger_accounts SET available = available + 1 WHERE id = $1`, [c.accountId]);
    try {
      const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.body.data.balanced).toBe(false);
      expect(verify.body.data.mismatched_accounts).toContain(c.accountId);
    } finally {
      await ds.query(`UPDATE ledger_accounts SET available = available - 1 WHERE id = $1`, [c.accountId]);
    }
  });

  it('refuses a negative balance at the database level too (CHECK constraint)', async () => {
    const c = await newClient(app);
    await expect(
      app.get(DataSource).query(`UPDATE ledger_accounts SET available = -0.01 WHERE id = $1`, [c.accountId]),
    ).rejects.toMatchObject({ name: 'QueryFailedError', code: '23514', constraint: 'ledger_accounts_available_check' });
  });
});
