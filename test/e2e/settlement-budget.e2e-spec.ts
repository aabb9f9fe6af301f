import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '../../src/config/app.config.js';
import { SETTLEMENT_BUDGET_MS } from '../../src/modules/cash-out/application/settlement-budget.js';
import { balanceOf, cashOut, ledgerOps, settled } from '../support/payments.js';
import { newClient, startApp } from '../support/test-app.js';

/**
 * With the default settlement settings (not the shortened ones other suites use), a cash-out whose SPI
 * call never answers is failed with AB03 and its hold released inside the 30-second budget.
 */
describe('settlement budget at the default configuration (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    const d = loadConfig({});
    app = await startApp({
      spiTimeoutMs: d.spiTimeoutMs,
      settlementMaxAttempts: d.settlementMaxAttempts,
      settlementBackoffMs: d.settlementBackoffMs,
      settlementLockMs: d.settlementLockMs,
      outboxPollMs: d.outboxPollMs,
      sandboxSpiLatencyMs: d.sandboxSpiLatencyMs,
    });
  });

  afterAll(() => app.close());

  it(
    'a payment the SPI never answers is failed (AB03) with its hold released within 30 s of creation',
    async () => {
      const c = await newClient(app, { balance: '20.00' });
      const res = await cashOut(app, c, { amount: '5.93', pix_key: 'slow@example.com', pix_key_type: 'EMAIL' });
      expect(res.status).toBe(200);
      const done = await settled(app, c, res.body.transaction_id, ['completed', 'failed'], SETTLEMENT_BUDGET_MS);
      expect(done).toMatchObject({ status: 'failed', error_code: 'AB03' });
      expect(await ledgerOps(app, res.body.transaction_id)).toEqual(['hold', 'release']);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '20.00', blocked_balance: '0.00' });
    },
    SETTLEMENT_BUDGET_MS + 15_000,
  );
});
