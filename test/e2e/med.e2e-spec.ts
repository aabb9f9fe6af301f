import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { MedDeadlineScheduler } from '../../src/modules/med/infrastructure/queue/med-deadline.scheduler.js';
import { balanceOf, cashOut, ledgerOps, outboxTypes, settled } from '../support/payments.js';
import { clockOf, DAYTIME, eventually, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const E2E_PATTERN = /^D99999004\d{12}[A-Za-z0-9]{11}$/;

describe('MED (e2e)', () => {
  let app: NestExpressApplication;
  let maria: TestClient;
  let joao: TestClient;
  const everyone: TestClient[] = [];

  const client = async (opts: { balance?: string } = {}) => {
    const c = await newClient(app, opts);
    everyone.push(c);
    return c;
  };
  /** A sandbox deposit (a received cash_in); returns its end-to-end id and transaction id. */
  const receive = async (c: TestClient, amount: string) => {
    const res = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount });
    expect(res.status).toBe(200);
    return { e2e: res.body.data.end_to_end_id as string, id: res.body.data.transaction_id as string };
  };
  const openMed = (c: TestClient, body: object) => http(app).post('/api/v1/sandbox/med').set(c.auth).send(body);
  const respond = (c: TestClient, id: string, body: object) => http(app).post(`/api/v1/pix/med/${id}/respond`).set(c.auth).send(body);
  const list = (c: TestClient, status: string, query: Record<string, string | number> = {}) =>
    http(app).get(`/api/v1/pix/med/status/${status}`).set(c.auth).query(query);
  /** The request's return as stored, once it is no longer on its way (the SPI answered). */
  const returnSettled = (id: string) =>
    eventually(async () => {
      const [row] = await app.get(DataSource).query(
        `SELECT m.return_status, m.return_amount::text, t.status AS tx_status FROM med_requests m
         LEFT JOIN transactions t ON t.id = m.return_transaction_id WHERE m.id = $1`,
        [id],
      );
      return row && row.return_status !== 'processing' ? (row as { return_status: string | null; tx_status: string | null }) : undefined;
    });
  const verifyLedger = async () => {
    const admin = await newAdmin(app);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.status).toBe(200);
    return verify.body.data as { balanced: boolean; stranded_on_us: string[] };
  };
  const medRow = async (id: string) => {
    const [row] = await app.get(DataSource).query(`SELECT status, blocked_amount::text AS blocked FROM med_requests WHERE id = $1`, [id]);
    return row as { status: string; blocked: string };
  };

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    maria = await client();
    joao = await client();
  });

  afterAll(() => app.close());

  describe('opening (sandbox)', () => {
    it("blocks the claim on the receiver's balance, with the record, a ledger block and med.opened in one go", async () => {
      const paid = await receive(maria, '100.00');
      const res = await openMed(maria, { end_to_end_id: paid.e2e, reason: 'Fraud claim' });
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(res.body.success).toBe(true);
      expect(d).toEqual({
        id: expect.any(String),
        end_to_end_id: paid.e2e,
        transaction_id: paid.id,
        account_id: maria.accountId,
        amount: '100.00',
        blocked_amount: '100.00',
        reason: 'Fraud claim',
        status: 'OPEN',
        response_reason: null,
        return_transaction_id: null,
        return_end_to_end_id: null,
        respond_by: new Date(Date.parse(d.created_at) + 7 * 24 * HOUR).toISOString(),
        created_at: expect.any(String),
        updated_at: d.created_at,
        responded_at: null,
      });
      expect(await balanceOf(app, maria)).toMatchObject({ available_balance: '0.00', blocked_balance: '100.00', total_balance: '100.00' });
      expect(await ledgerOps(app, paid.id)).toEqual(['credit', 'block']);
      expect(await outboxTypes(app, d.id)).toEqual(['med.opened']);
    });

    it('blocks only what is available when that is less (partial), and later money does not top the block up', async () => {
      const c = await client();
      const paid = await receive(c, '80.00');
      const other = await client();
      expect(
        (await http(app).post('/api/v1/pix/p2p/transfers').set(c.auth).send({ to_account_id: other.accountId, amount: '50.00' })).status,
      ).toBe(201);
      const res = await openMed(c, { end_to_end_id: paid.e2e });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ amount: '80.00', blocked_amount: '30.00', reason: null });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '30.00' });
      await receive(c, '40.00');
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '40.00', blocked_balance: '30.00' });
      expect((await medRow(res.body.data.id)).blocked).toBe('30.000000');
    });

    it('a claim smaller than the payment blocks just the claim; nothing available blocks nothing', async () => {
      const c = await client();
      const paid = await receive(c, '60.00');
      const res = await openMed(c, { end_to_end_id: paid.e2e, amount: '25.50' });
      expect(res.body.data).toMatchObject({ amount: '25.50', blocked_amount: '25.50' });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '34.50', blocked_balance: '25.50' });

      const broke = await client();
      const gone = await receive(broke, '10.00');
      await http(app).post('/api/v1/pix/p2p/transfers').set(broke.auth).send({ to_account_id: c.accountId, amount: '10.00' });
      const none = await openMed(broke, { end_to_end_id: gone.e2e });
      expect(none.status).toBe(200);
      expect(none.body.data).toMatchObject({ amount: '10.00', blocked_amount: '0.00' });
      expect(await ledgerOps(app, gone.id)).toEqual(['credit']);
    });

    it('refuses: more than the payment, a second request, unknown or foreign or sent payments, bad input', async () => {
      const paid = await receive(joao, '20.00');
      const over = await openMed(joao, { end_to_end_id: paid.e2e, amount: '20.01' });
      expect([over.status, over.body.error.code]).toEqual([400, 'MED_AMOUNT_EXCEEDS_PAYMENT']);
      expect((await openMed(joao, { end_to_end_id: paid.e2e, amount: '5.00' })).status).toBe(200);
      const again = await openMed(joao, { end_to_end_id: paid.e2e, amount: '1.00' });
      expect([again.status, again.body.error.code]).toEqual([409, 'MED_ALREADY_EXISTS']);

      const foreign = await openMed(maria, { end_to_end_id: paid.e2e });
      expect([foreign.status, foreign.body.error.code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
      const unknown = await openMed(joao, { end_to_end_id: 'E99999004202603101500AbCdEfGhIjK' });
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
      // The payer's side of a P2P transfer is not a received payment.
      const sender = await client({ balance: '10.00' });
      const sent = await http(app)
        .post('/api/v1/pix/p2p/transfers')
        .set(sender.auth)
        .send({ to_account_id: joao.accountId, amount: '1.00' });
      const own = await openMed(sender, { end_to_end_id: sent.body.data.end_to_end_id });
      expect([own.status, own.body.error.code]).toEqual([404, 'TRANSACTION_NOT_FOUND']);
      // ... but the payee's is.
      expect((await openMed(joao, { end_to_end_id: sent.body.data.end_to_end_id })).status).toBe(200);

      for (const body of [
        {},
        { end_to_end_id: 'nope' },
        { end_to_end_id: paid.e2e, amount: '1e3' },
        { end_to_end_id: paid.e2e, amount: 5 },
        { end_to_end_id: paid.e2e, amount: '0.00' },
        { end_to_end_id: paid.e2e, reason: null },
        { end_to_end_id: paid.e2e, extra: 1 },
      ]) {
        const res = await openMed(joao, body);
        expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
      }
    });

    it('opens up to 80 days after the payment; a day later is 400 MED_CLAIM_WINDOW_CLOSED, blocking nothing', async () => {
      const c = await client();
      const paid = await receive(c, '30.00');
      const [{ at }] = await app
        .get(DataSource)
        .query(`SELECT COALESCE(processed_at, created_at) AS at FROM transactions WHERE id = $1`, [paid.id]);
      const received = new Date(at as Date).getTime();
      try {
        clockOf(app).set(new Date(received + 81 * DAY));
        const late = await openMed(c, { end_to_end_id: paid.e2e });
        expect([late.status, late.body.error.code]).toEqual([400, 'MED_CLAIM_WINDOW_CLOSED']);
        expect(late.body.error.details).toEqual([{ field: 'end_to_end_id', issue: 'received more than 80 days ago' }]);
        expect(await balanceOf(app, c)).toMatchObject({ available_balance: '30.00', blocked_balance: '0.00' });
        expect(await ledgerOps(app, paid.id)).toEqual(['credit']);

        // A second inside the window (the test clock runs on from where it is set; the exact edge is a unit test's).
        clockOf(app).set(new Date(received + 80 * DAY - 1_000));
        const inTime = await openMed(c, { end_to_end_id: paid.e2e });
        expect([inTime.status, inTime.body.data.status, inTime.body.data.blocked_amount]).toEqual([200, 'OPEN', '30.00']);
      } finally {
        clockOf(app).set(DAYTIME);
      }
    });

    it('needs pix:med:write', async () => {
      const readOnly = await newClient(app, { scopes: ['pix:med:read'] });
      const res = await openMed(readOnly, { end_to_end_id: 'E99999004202603101500AbCdEfGhIjK' });
      expect([res.status, res.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    });
  });

  describe('listing by status', () => {
    it('pages newest first with page, page_size and total; other clients see none of them', async () => {
      const c = await client();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const paid = await receive(c, '10.00');
        ids.push((await openMed(c, { end_to_end_id: paid.e2e })).body.data.id);
      }
      const all = await list(c, 'OPEN');
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ success: true, data: { items: expect.any(Array), page: 1, page_size: 20, total: 3 } });
      expect(all.body.data.items.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
      const p1 = await list(c, 'OPEN', { page: 1, page_size: 2 });
      const p2 = await list(c, 'OPEN', { page: 2, page_size: 2 });
      expect(p1.body.data).toMatchObject({ page: 1, page_size: 2, total: 3 });
      expect(p1.body.data.items).toHaveLength(2);
      expect(p2.body.data.items).toHaveLength(1);
      const seen = [...p1.body.data.items, ...p2.body.data.items].map((m: { id: string }) => m.id);
      expect(new Set(seen).size).toBe(3);
      const created = [...p1.body.data.items, ...p2.body.data.items].map((m: { created_at: string }) => m.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      expect((await list(c, 'APPROVED')).body.data).toEqual({ items: [], page: 1, page_size: 20, total: 0 });
      expect((await list(c, 'OPEN', { page: 9 })).body.data).toMatchObject({ items: [], total: 3 });

      const stranger = await client();
      expect((await list(stranger, 'OPEN')).body.data.total).toBe(0);
    });

    it('refuses an unknown status and bad paging with 400 VALIDATION_ERROR', async () => {
      for (const [status, query] of [
        ['PENDING', {}],
        ['open', {}],
        ['OPEN', { page: 0 }],
        ['OPEN', { page: 'x' }],
        ['OPEN', { page_size: 101 }],
        ['OPEN', { page_size: 0 }],
        ['OPEN', { page_size: '1e1' }],
      ] as const) {
        const res = await list(maria, status, query);
        expect({ status, query, code: res.status, error: res.body.error?.code }).toEqual({
          status,
          query,
          code: 400,
          error: 'VALIDATION_ERROR',
        });
      }
      expect((await list(maria, 'OPEN', { page_size: 100 })).status).toBe(200);
    });
  });

  describe('responding', () => {
    const openFor = async (c: TestClient, amount: string, claim?: string) => {
      const paid = await receive(c, amount);
      const res = await openMed(c, { end_to_end_id: paid.e2e, ...(claim ? { amount: claim } : {}) });
      expect(res.status).toBe(200);
      return { med: res.body.data as { id: string }, paid };
    };

    it('approve, payer at another institution: the blocked amount goes back through the SPI as a return (FR01) of the payment; answer {}', async () => {
      const c = await client();
      const { med, paid } = await openFor(c, '70.00', '45.00');
      const res = await respond(c, med.id, { action: 'approve', reason: 'Customer confirmed the fraud' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(await returnSettled(med.id)).toMatchObject({ return_status: 'completed', tx_status: 'completed' });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '25.00', blocked_balance: '0.00', total_balance: '25.00' });
      const [row] = await app.get(DataSource).query(
        `SELECT m.status, m.response_reason, m.responded_at IS NOT NULL AS responded, t.id, t.type, t.status AS tx_status,
                  t.amount::text, t.end_to_end_id, t.reference, t.client_id
           FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id WHERE m.id = $1`,
        [med.id],
      );
      expect(row).toMatchObject({
        status: 'APPROVED',
        response_reason: 'Customer confirmed the fraud',
        responded: true,
        type: 'med_return',
        tx_status: 'completed',
        amount: '45.000000',
        reference: paid.e2e,
        client_id: c.clientId,
      });
      expect(row.end_to_end_id).toMatch(E2E_PATTERN);
      // The SPI got one return order: the return's own end-to-end id, the original one, and the MED reason code.
      const orders = await app
        .get(DataSource)
        .query(`SELECT amount::text, outcome, original_end_to_end_id, return_reason FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [
          row.end_to_end_id,
        ]);
      expect(orders).toEqual([{ amount: '45.000000', outcome: 'settled', original_end_to_end_id: paid.e2e, return_reason: 'FR01' }]);
      expect(await ledgerOps(app, row.id)).toEqual(['capture']);
      expect(await ledgerOps(app, paid.id)).toEqual(['credit', 'block']);
      expect(await outboxTypes(app, med.id)).toEqual(['med.opened', 'med.approved']);
      const approved = await list(c, 'APPROVED');
      expect(approved.body.data.items[0]).toMatchObject({ id: med.id, status: 'APPROVED', return_transaction_id: row.id });
    });

    it('approve, return refused by the SPI: the med_return fails, the funds go back to the receiver and the payment is refundable again', async () => {
      const c = await client();
      // docs/conventions.md §11: an amount ending in .91 is refused by the sandbox SPI (AC03).
      const { med, paid } = await openFor(c, '30.91');
      expect((await respond(c, med.id, { action: 'approve' })).status).toBe(200);
      expect(await returnSettled(med.id)).toEqual({ return_status: 'failed', return_amount: '30.910000', tx_status: 'failed' });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '30.91', blocked_balance: '0.00' });
      const [tx] = await app.get(DataSource).query(`SELECT refunded_amount::text FROM transactions WHERE id = $1`, [paid.id]);
      expect(tx.refunded_amount).toBe('0.000000');
      const [ret] = await app
        .get(DataSource)
        .query(`SELECT t.id, t.error_code FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id WHERE m.id = $1`, [
          med.id,
        ]);
      expect(ret.error_code).toBe('AC03');
      expect(await ledgerOps(app, ret.id)).toEqual(['unblock']);
    });

    it('approve, payer a client here (P2P): the payer is credited at once as a reversal_in; nothing stays in the settlement account', async () => {
      const payer = await client({ balance: '100.00' });
      const c = await client();
      const sent = await http(app).post('/api/v1/pix/p2p/transfers').set(payer.auth).send({ to_account_id: c.accountId, amount: '60.00' });
      expect(sent.status).toBe(201);
      const [received] = await app
        .get(DataSource)
        .query(`SELECT end_to_end_id FROM transactions WHERE client_id = $1 AND type = 'p2p_in'`, [c.clientId]);
      const med = (await openMed(c, { end_to_end_id: received.end_to_end_id, amount: '40.00' })).body.data;
      expect((await respond(c, med.id, { action: 'approve' })).status).toBe(200);
      // No waiting: the approval's own transaction credited the payer.
      expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '80.00', blocked_balance: '0.00' });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '20.00', blocked_balance: '0.00' });
      const [ret] = await app.get(DataSource).query(
        `SELECT m.return_status, t.id, t.status, t.end_to_end_id FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id
         WHERE m.id = $1`,
        [med.id],
      );
      expect(ret).toMatchObject({ return_status: 'completed', status: 'completed' });
      const [back] = await app
        .get(DataSource)
        .query(
          `SELECT id, type, status, amount::text, end_to_end_id, reference FROM transactions WHERE client_id = $1 AND type = 'reversal_in'`,
          [payer.clientId],
        );
      const [original] = await app
        .get(DataSource)
        .query(`SELECT id FROM transactions WHERE client_id = $1 AND type = 'p2p_out'`, [payer.clientId]);
      expect(back).toMatchObject({ status: 'completed', amount: '40.000000', end_to_end_id: ret.end_to_end_id, reference: original.id });
      expect(await ledgerOps(app, ret.id)).toEqual(['capture']);
      expect(await ledgerOps(app, back.id)).toEqual(['credit']);
      // Nothing went to the SPI, and the ledger check finds no money left between the two.
      const [{ n }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [ret.end_to_end_id]);
      expect(n).toBe(0);
      expect(await verifyLedger()).toMatchObject({ balanced: true, stranded_on_us: [] });
    });

    it('approve, payer a client here (an on-us cash-out by Pix key): the payer is credited at once', async () => {
      const payer = await client({ balance: '50.00' });
      const c = await client();
      const key = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
      expect(key.status).toBe(200);
      const out = await cashOut(app, payer, { amount: '25.00', pix_key: key.body.data.key_value, pix_key_type: 'EVP' });
      expect(out.status).toBe(200);
      expect((await settled(app, payer, out.body.transaction_id)).status).toBe('completed');
      const [received] = await app
        .get(DataSource)
        .query(`SELECT end_to_end_id FROM transactions WHERE client_id = $1 AND type = 'cash_in' AND status = 'completed'`, [c.clientId]);
      const med = (await openMed(c, { end_to_end_id: received.end_to_end_id })).body.data;
      expect((await respond(c, med.id, { action: 'approve' })).status).toBe(200);
      expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '50.00' });
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '0.00' });
      expect(await verifyLedger()).toMatchObject({ balanced: true, stranded_on_us: [] });
    });

    it('the ledger check reports money an on-us payment left in the settlement account', async () => {
      const payer = await client({ balance: '10.00' });
      const c = await client();
      expect(
        (await http(app).post('/api/v1/pix/p2p/transfers').set(payer.auth).send({ to_account_id: c.accountId, amount: '3.00' })).status,
      ).toBe(201);
      const ds = app.get(DataSource);
      const [sent] = await ds.query(`SELECT id, end_to_end_id FROM transactions WHERE client_id = $1 AND type = 'p2p_out'`, [
        payer.clientId,
      ]);
      // A balanced journal that parks 1.00 of this on-us payment in the settlement account (fees pays for it):
      // every journal still sums to zero and no balance moves, so only the on-us check can see it.
      const [journal] = await ds.query(`INSERT INTO journals (transaction_id, description) VALUES ($1, 'test: parked') RETURNING id`, [
        sent.id,
      ]);
      await ds.query(
        `INSERT INTO postings (journal_id, internal_account, bucket, amount) VALUES ($1, 'settlement', 'available', 1), ($1, 'fees', 'available', -1)`,
        [journal.id],
      );
      try {
        expect(await verifyLedger()).toMatchObject({ balanced: false, stranded_on_us: [sent.end_to_end_id] });
      } finally {
        await ds.query(`DELETE FROM postings WHERE journal_id = $1`, [journal.id]);
        await ds.query(`DELETE FROM journals WHERE id = $1`, [journal.id]);
      }
      expect(await verifyLedger()).toMatchObject({ balanced: true, stranded_on_us: [] });
    });

    it('approve with nothing blocked moves no money and writes no med_return', async () => {
      const c = await client();
      const paid = await receive(c, '10.00');
      await http(app).post('/api/v1/pix/p2p/transfers').set(c.auth).send({ to_account_id: maria.accountId, amount: '10.00' });
      const med = (await openMed(c, { end_to_end_id: paid.e2e })).body.data;
      expect((await respond(c, med.id, { action: 'approve' })).status).toBe(200);
      const [row] = await app.get(DataSource).query(`SELECT status, return_transaction_id FROM med_requests WHERE id = $1`, [med.id]);
      expect(row).toEqual({ status: 'APPROVED', return_transaction_id: null });
      const [{ n }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM transactions WHERE client_id = $1 AND type = 'med_return'`, [c.clientId]);
      expect(n).toBe(0);
    });

    it('reject: the block is released; a second answer is 409 MED_ALREADY_RESPONDED', async () => {
      const c = await client();
      const { med, paid } = await openFor(c, '30.00');
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '30.00' });
      const res = await respond(c, med.id, { action: 'reject', reason: 'Legitimate sale' });
      expect([res.status, res.body]).toEqual([200, {}]);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '30.00', blocked_balance: '0.00' });
      expect(await ledgerOps(app, paid.id)).toEqual(['credit', 'block', 'unblock']);
      expect(await outboxTypes(app, med.id)).toEqual(['med.opened', 'med.rejected']);
      for (const action of ['reject', 'approve']) {
        const again = await respond(c, med.id, { action });
        expect([again.status, again.body.error.code]).toEqual([409, 'MED_ALREADY_RESPONDED']);
      }
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '30.00', blocked_balance: '0.00' });
    });

    it("another client's request is 404 MED_NOT_FOUND (as an unknown or malformed id) and not in its lists", async () => {
      const { med } = await openFor(maria, '5.00');
      for (const id of [med.id, '6f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60', 'not-a-uuid']) {
        const res = await respond(joao, id, { action: 'approve' });
        expect({ id, status: res.status, code: res.body.error?.code }).toEqual({ id, status: 404, code: 'MED_NOT_FOUND' });
      }
      const listed = (await list(joao, 'OPEN', { page_size: 100 })).body.data.items.map((m: { id: string }) => m.id);
      expect(listed).not.toContain(med.id);
      expect((await medRow(med.id)).status).toBe('OPEN');
    });

    it('refuses a bad answer with 400 VALIDATION_ERROR', async () => {
      const { med } = await openFor(maria, '1.00');
      for (const body of [{}, { action: 'APPROVE' }, { action: 'approve', reason: 7 }, { action: 'approve', extra: true }]) {
        const res = await respond(maria, med.id, body);
        expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR' });
      }
    });

    it('two answers racing: exactly one wins, the other is 409, and the money moved once', async () => {
      for (let i = 0; i < 5; i++) {
        const c = await client();
        const { med } = await openFor(c, '40.00');
        const [a, b] = await Promise.all([respond(c, med.id, { action: 'approve' }), respond(c, med.id, { action: 'reject' })]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const loser = a.status === 409 ? a : b;
        expect(loser.body.error.code).toBe('MED_ALREADY_RESPONDED');
        const approved = a.status === 200;
        expect((await medRow(med.id)).status).toBe(approved ? 'APPROVED' : 'REJECTED');
        if (approved) await returnSettled(med.id);
        expect(await balanceOf(app, c)).toMatchObject({ available_balance: approved ? '0.00' : '40.00', blocked_balance: '0.00' });
        expect(await outboxTypes(app, med.id)).toEqual(['med.opened', approved ? 'med.approved' : 'med.rejected']);
      }
    });
  });

  describe('a cash-out racing a MED block on the same money', () => {
    it('whoever locks the balance first takes the money; the balance never goes negative', async () => {
      const outcomes = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const c = await client();
        const paid = await receive(c, '100.00');
        const [out, med] = await Promise.all([
          cashOut(app, c, { amount: '70.00', pix_key: 'joana@example.com', pix_key_type: 'EMAIL' }),
          openMed(c, { end_to_end_id: paid.e2e }),
        ]);
        expect(med.status).toBe(200);
        const blocked = med.body.data.blocked_amount as string;
        if (out.status === 200) {
          // The cash-out held 70 first: the MED blocked the 30 left.
          expect(blocked).toBe('30.00');
          await settled(app, c, out.body.transaction_id, ['completed']);
          expect(await balanceOf(app, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '30.00', total_balance: '30.00' });
          outcomes.add('cash-out first');
        } else {
          expect([out.status, out.body.error.code]).toEqual([400, 'INSUFFICIENT_FUNDS']);
          expect(blocked).toBe('100.00');
          expect(await balanceOf(app, c)).toMatchObject({ available_balance: '0.00', blocked_balance: '100.00' });
          outcomes.add('MED first');
        }
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  describe('deadlines (the sweep)', () => {
    afterEach(() => clockOf(app).set(DAYTIME));

    it('the hold ends 72 h after opening (IN_ANALYSIS, released, still answerable: an approval returns what is available); unanswered at respond_by it closes', async () => {
      const sweeper = app.get(MedDeadlineScheduler);
      const c = await client();
      const a = await receive(c, '20.00');
      const b = await receive(c, '15.00');
      const first = (await openMed(c, { end_to_end_id: a.e2e })).body.data;
      const second = (await openMed(c, { end_to_end_id: b.e2e })).body.data;
      const opened = Date.parse(first.created_at);
      expect(Date.parse(first.respond_by)).toBe(opened + 7 * DAY);

      // Requests opened earlier in this file fall due first; these two are not due a millisecond early.
      await sweeper.sweepOnce(new Date(opened + 72 * HOUR - 1));
      expect((await medRow(first.id)).status).toBe('OPEN');
      const at72 = new Date(Date.parse(second.created_at) + 72 * HOUR);
      const [x, y] = await Promise.all([sweeper.sweepOnce(at72), sweeper.sweepOnce(at72)]);
      expect(x + y).toBeGreaterThanOrEqual(2);
      expect((await medRow(first.id)).status).toBe('IN_ANALYSIS');
      expect((await list(c, 'IN_ANALYSIS')).body.data.total).toBe(2);
      expect(await outboxTypes(app, first.id)).toEqual(['med.opened', 'med.in_analysis']);
      expect(await ledgerOps(app, a.id)).toEqual(['credit', 'block', 'unblock']);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '35.00', blocked_balance: '0.00' });

      // Still answerable in analysis: the approval blocks what is available again (up to the 15.00 blocked at
      // opening) and returns it through the SPI.
      clockOf(app).set(at72);
      expect((await respond(c, second.id, { action: 'approve' })).status).toBe(200);
      expect(await returnSettled(second.id)).toMatchObject({ return_status: 'completed', tx_status: 'completed' });
      expect(await ledgerOps(app, b.id)).toEqual(['credit', 'block', 'unblock', 'block']);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '20.00', blocked_balance: '0.00' });

      const deadline = new Date(Date.parse(first.respond_by));
      await sweeper.sweepOnce(new Date(deadline.getTime() - 1));
      expect((await medRow(first.id)).status).toBe('IN_ANALYSIS');
      expect(await sweeper.sweepOnce(deadline)).toBeGreaterThanOrEqual(1);
      expect((await medRow(first.id)).status).toBe('CLOSED');
      expect(await outboxTypes(app, first.id)).toEqual(['med.opened', 'med.in_analysis', 'med.closed']);
      // Its hold had already ended: closing moves no money.
      expect(await ledgerOps(app, a.id)).toEqual(['credit', 'block', 'unblock']);
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '20.00', blocked_balance: '0.00' });
      expect((await list(c, 'CLOSED')).body.data.items[0]).toMatchObject({ id: first.id, responded_at: null });
    });

    it('an answer after respond_by closes the request instead (block released) and is refused', async () => {
      const c = await client();
      const paid = await receive(c, '12.00');
      const med = (await openMed(c, { end_to_end_id: paid.e2e })).body.data;
      clockOf(app).set(new Date(Date.parse(med.respond_by) + 1_000));
      const res = await respond(c, med.id, { action: 'approve' });
      expect([res.status, res.body.error.code]).toEqual([409, 'MED_ALREADY_RESPONDED']);
      expect((await medRow(med.id)).status).toBe('CLOSED');
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '12.00', blocked_balance: '0.00' });
    });
  });

  describe('at the end', () => {
    it("each client's blocked balance is the sum of its OPEN requests' holds, and the ledger is balanced", async () => {
      const ds = app.get(DataSource);
      for (const c of everyone) {
        const [{ sum }] = await ds.query(
          `SELECT COALESCE(sum(blocked_amount), 0)::numeric(20,2)::text AS sum FROM med_requests
         WHERE client_id = $1 AND status = 'OPEN'`,
          [c.clientId],
        );
        expect({ client: c.clientId, blocked: (await balanceOf(app, c)).blocked_balance }).toEqual({ client: c.clientId, blocked: sum });
      }
      const admin = await newAdmin(app);
      const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.status).toBe(200);
      expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [], stranded_on_us: [] });
    });
  });
});
