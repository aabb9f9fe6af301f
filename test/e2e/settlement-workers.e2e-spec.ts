import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { eventually, http, newAdmin, newClient, startApp } from '../support/test-app.js';
import { balanceOf, cashOut, ledgerOps, outboxTypes, settled } from '../support/payments.js';
import { spawnWorker } from '../support/workers.js';

describe('settlement workers (e2e)', () => {
  let api: NestExpressApplication;

  beforeAll(async () => {
    // The API process neither relays the outbox nor settles: only the workers below do.
    api = await startApp({ appRole: 'api' });
  });

  afterAll(() => api.close());

  it('a worker killed mid-settlement leaves the payment to another, which settles it exactly once', async () => {
    const c = await newClient(api, { balance: '50.00' });
    const child = spawnWorker({ SANDBOX_SPI_LATENCY_MS: '4000', SPI_TIMEOUT_MS: '10000', SETTLEMENT_LOCK_MS: '1500' });
    let rescuer: NestExpressApplication | undefined;
    try {
      const res = await cashOut(api, c, { amount: '12.34', pix_key: 'crash@example.com', pix_key_type: 'EMAIL' });
      expect(res.status).toBe(200);
      const id = res.body.transaction_id;
      const ds = api.get(DataSource);
      // The SPI has accepted the order and the worker is waiting for the answer: kill it now.
      const [{ end_to_end_id: e2e }] = await ds.query(`SELECT end_to_end_id FROM cash_outs WHERE id = $1`, [id]);
      await eventually(
        async () => (await ds.query(`SELECT 1 FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [e2e])).length === 1,
        20_000,
      );
      child.kill('SIGKILL');
      const [{ status }] = await ds.query(`SELECT status FROM cash_outs WHERE id = $1`, [id]);
      expect(status).toBe('processing');

      rescuer = await startApp({ appRole: 'worker', settlementLockMs: 1500, sandboxSpiLatencyMs: 5 });
      const done = await settled(api, c, id, ['completed', 'failed'], 30_000);
      expect(done.status).toBe('completed');
      expect(await ledgerOps(api, id)).toEqual(['hold', 'capture']);
      expect((await outboxTypes(api, id)).filter((t) => t === 'cash_out.completed')).toHaveLength(1);
      const orders = await ds.query(`SELECT sends FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [e2e]);
      expect(orders).toEqual([{ sends: 2 }]); // one order at the SPI; the re-send was answered from it
      expect((await balanceOf(api, c)).total_balance).toBe('37.66');
    } finally {
      child.kill('SIGKILL');
      await rescuer?.close();
    }
  });

  it('two workers competing for the queue settle every payment exactly once', async () => {
    const w1 = await startApp({ appRole: 'worker', sandboxSpiLatencyMs: 20 });
    const w2 = await startApp({ appRole: 'worker', sandboxSpiLatencyMs: 20 });
    try {
      const clients = await Promise.all([1, 2, 3].map(() => newClient(api, { balance: '100.00' })));
      const amounts = ['1.00', '2.91', '3.00', '4.50'];
      const created: { id: string; client: (typeof clients)[number]; amount: string }[] = [];
      for (const client of clients) {
        for (const amount of amounts) {
          const res = await cashOut(api, client, { amount, pix_key: 'race@example.com', pix_key_type: 'EMAIL' });
          expect(res.status).toBe(200);
          created.push({ id: res.body.transaction_id, client, amount });
        }
      }
      for (const { id, client, amount } of created) {
        const done = await settled(api, client, id, ['completed', 'failed'], 30_000);
        const expectedOps = amount.endsWith('.91') ? ['hold', 'release'] : ['hold', 'capture'];
        expect(await ledgerOps(api, id)).toEqual(expectedOps);
        const terminal = (await outboxTypes(api, id)).filter((t) => t === 'cash_out.completed' || t === 'cash_out.failed');
        expect(terminal).toEqual([done.status === 'completed' ? 'cash_out.completed' : 'cash_out.failed']);
      }
      for (const client of clients) expect((await balanceOf(api, client)).total_balance).toBe('91.50');
      const admin = await newAdmin(api);
      const verify = await http(api).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.body.data.balanced).toBe(true);
    } finally {
      await w1.close();
      await w2.close();
    }
  });
});
