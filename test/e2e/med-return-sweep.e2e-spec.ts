import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { SettleMedReturnUseCase } from '../../src/modules/med/application/settle-med-return.use-case.js';
import { balanceOf } from '../support/payments.js';
import { clockOf, http, newClient, startApp } from '../support/test-app.js';

/**
 * An approved MED's return to another institution whose settlement job never ran (an API-only process,
 * no worker, no outbox relay; nothing else runs against this database meanwhile: e2e files run one at a
 * time): the reconciliation sweep finishes it (docs/adr/0139-the-money-goes-back-to-the-payer.md).
 */
describe('MED return reconciliation (e2e)', () => {
  it('stays processing with the funds blocked; the sweep, past RECONCILE_AFTER_MS, sends it and settles it once', async () => {
    const apiOnly = await startApp({ appRole: 'api', sandboxSpiLatencyMs: 5 });
    try {
      const c = await newClient(apiOnly);
      const dep = await http(apiOnly).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '12.00' });
      const med = (await http(apiOnly).post('/api/v1/sandbox/med').set(c.auth).send({ end_to_end_id: dep.body.data.end_to_end_id })).body
        .data;
      expect((await http(apiOnly).post(`/api/v1/pix/med/${med.id}/respond`).set(c.auth).send({ action: 'approve' })).status).toBe(200);
      const ds = apiOnly.get(DataSource);
      const state = async () =>
        (
          await ds.query(
            `SELECT m.return_status, t.status FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id WHERE m.id = $1`,
            [med.id],
          )
        )[0];
      expect(await state()).toEqual({ return_status: 'processing', status: 'processing' });
      expect(await balanceOf(apiOnly, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '12.00' });
      const sweep = apiOnly.get(SettleMedReturnUseCase);
      // Not yet due: the sweep leaves a return that may still have its job.
      expect(await sweep.reconcileDue()).toBe(0);
      clockOf(apiOnly).set(new Date(clockOf(apiOnly).now().getTime() + apiOnly.get(APP_CONFIG).reconcileAfterMs + 1000));
      expect(await sweep.reconcileDue()).toBe(1);
      expect(await state()).toEqual({ return_status: 'completed', status: 'completed' });
      expect(await balanceOf(apiOnly, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '0.00', total_balance: '0.00' });
      // Done once: another sweep finds nothing, and the SPI got the order once.
      expect(await sweep.reconcileDue()).toBe(0);
      const [order] = await ds.query(
        `SELECT o.sends FROM sandbox_spi_orders o JOIN med_requests m ON m.return_end_to_end_id = o.end_to_end_id WHERE m.id = $1`,
        [med.id],
      );
      expect(order).toEqual({ sends: 1 });
    } finally {
      await apiOnly.close();
    }
  });
});
