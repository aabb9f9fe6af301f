import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { balanceOf } from '../support/payments.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * docs/conventions.md §10: "total refunded <= original, where refunded counts reversals and MED returns
 * together". One refundable amount per received payment, kept in `transactions.refunded_amount`.
 */
describe('reversals and MED returns share one refundable amount per received payment (e2e)', () => {
  let app: NestExpressApplication;
  let seq = 0;

  /** A receiver with 500.00 of its own beside a received 100.00 deposit: funds never limit what is paid back here. */
  const receiver = async () => {
    const c = await newClient(app, { balance: '500.00' });
    const res = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '100.00' });
    expect(res.status).toBe(200);
    return { c, e2e: res.body.data.end_to_end_id as string, id: res.body.data.transaction_id as string };
  };
  const reverse = (c: TestClient, e2e: string, amount: string) =>
    http(app)
      .post('/api/v1/pix/reversals')
      .set(c.auth)
      .send({ amount, external_id: `cap-${++seq}`, end_to_end_id: e2e });
  const openMed = async (c: TestClient, e2e: string) => {
    const res = await http(app).post('/api/v1/sandbox/med').set(c.auth).send({ end_to_end_id: e2e });
    expect(res.status).toBe(200);
    return res.body.data as { id: string; blocked_amount: string };
  };
  /** Waits until the client's reversals of a deposit (an external payer: sent through the SPI) are settled. */
  const settledReversals = (c: TestClient, e2e: string) =>
    eventually(async () => {
      const res = await http(app).get('/api/v1/pix/reversals').set(c.auth).query({ end_to_end_id: e2e });
      const items = res.body.data as { status: string }[];
      return items.every((r) => r.status === 'completed' || r.status === 'failed');
    });
  /** Waits until the MED returns of a payment (to an external payer: sent through the SPI) are settled. */
  const settledReturns = (paymentId: string) =>
    eventually(async () => {
      const [{ n }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM med_requests WHERE transaction_id = $1 AND return_status = 'processing'`, [paymentId]);
      return n === 0;
    });
  const approve = (c: TestClient, id: string) => http(app).post(`/api/v1/pix/med/${id}/respond`).set(c.auth).send({ action: 'approve' });

  /** What left the receiver for this payment: reversals (not failed) and MED returns, and the stored refunded amount. */
  const paidBack = async (paymentId: string) => {
    const ds = app.get(DataSource);
    const [{ reversed }] = await ds.query(
      `SELECT COALESCE(sum(amount), 0)::numeric(20,2)::text AS reversed FROM reversals WHERE original_transaction_id = $1 AND status <> 'failed'`,
      [paymentId],
    );
    const [{ returned }] = await ds.query(
      `SELECT COALESCE(sum(t.amount), 0)::numeric(20,2)::text AS returned
       FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id WHERE m.transaction_id = $1 AND t.status <> 'failed'`,
      [paymentId],
    );
    const [{ refunded }] = await ds.query(`SELECT refunded_amount::numeric(20,2)::text AS refunded FROM transactions WHERE id = $1`, [
      paymentId,
    ]);
    return { reversed, returned, refunded };
  };

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
  });

  afterAll(() => app.close());

  it('a reversal of the whole payment first: a later MED blocks nothing and returns nothing', async () => {
    const { c, e2e, id } = await receiver();
    expect((await reverse(c, e2e, '100.00')).status).toBe(200);
    const med = await openMed(c, e2e);
    expect(med.blocked_amount).toBe('0.00');
    expect((await approve(c, med.id)).status).toBe(200);
    await settledReversals(c, e2e);
    expect(await paidBack(id)).toEqual({ reversed: '100.00', returned: '0.00', refunded: '100.00' });
    expect((await balanceOf(app, c)).blocked_balance).toBe('0.00');
  });

  it('an approved MED first: a later reversal of even one cent is REFUND_EXCEEDS_AVAILABLE', async () => {
    const { c, e2e, id } = await receiver();
    const med = await openMed(c, e2e);
    expect(med.blocked_amount).toBe('100.00');
    expect((await approve(c, med.id)).status).toBe(200);
    const late = await reverse(c, e2e, '0.01');
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('REFUND_EXCEEDS_AVAILABLE');
    expect(await paidBack(id)).toEqual({ reversed: '0.00', returned: '100.00', refunded: '100.00' });
  });

  it('a reversal while the MED is open: the approval returns only what is left and releases the rest of the block', async () => {
    const { c, e2e, id } = await receiver();
    const med = await openMed(c, e2e);
    expect(med.blocked_amount).toBe('100.00');
    expect((await reverse(c, e2e, '60.00')).status).toBe(200);
    expect((await approve(c, med.id)).status).toBe(200);
    await settledReversals(c, e2e);
    await settledReturns(id);
    expect(await paidBack(id)).toEqual({ reversed: '60.00', returned: '40.00', refunded: '100.00' });
    // 500 + 100 received, 100 paid back in all; nothing left blocked.
    expect(await balanceOf(app, c)).toMatchObject({ available_balance: '500.00', blocked_balance: '0.00' });
  });

  it('a partial reversal before the MED opens: the MED blocks only the rest', async () => {
    const { c, e2e, id } = await receiver();
    expect((await reverse(c, e2e, '30.00')).status).toBe(200);
    const med = await openMed(c, e2e);
    expect(med.blocked_amount).toBe('70.00');
    expect((await approve(c, med.id)).status).toBe(200);
    expect(await paidBack(id)).toEqual({ reversed: '30.00', returned: '70.00', refunded: '100.00' });
  });

  it('a reversal and an approval at once, in both orders: never more than the payment goes back', async () => {
    for (let round = 0; round < 6; round++) {
      const { c, e2e, id } = await receiver();
      const med = await openMed(c, e2e);
      const [first, second] =
        round % 2 === 0 ? [reverse(c, e2e, '100.00'), approve(c, med.id)] : [approve(c, med.id), reverse(c, e2e, '100.00')];
      const answers = await Promise.all([first, second]);
      expect(answers.every((r) => r.status === 200 || r.body.error?.code === 'REFUND_EXCEEDS_AVAILABLE')).toBe(true);
      await settledReversals(c, e2e);
      await settledReturns(id);
      const back = await paidBack(id);
      expect(back.refunded).toBe('100.00');
      expect(Number(back.reversed) + Number(back.returned)).toBe(100);
      expect((await balanceOf(app, c)).blocked_balance).toBe('0.00');
    }
  });
});
