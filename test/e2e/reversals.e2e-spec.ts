import type { NestExpressApplication } from '@nestjs/platform-express';
import { balanceOf, ledgerOps, outboxTypes } from '../support/payments.js';
import { clockOf, DAYTIME, eventually, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

const REFUND_E2E = /^D\d{8}\d{12}[A-Za-z0-9]{11}$/;
let seq = 0;
const ext = () => `refund-${++seq}`;

describe('Reversals (e2e)', () => {
  let app: NestExpressApplication;
  let ana: TestClient;
  let bruno: TestClient;

  const reverse = (c: TestClient, body: object, headers: Record<string, string> = {}) =>
    http(app).post('/api/v1/pix/reversals').set(c.auth).set(headers).send(body);
  const p2p = async (from: TestClient, to: TestClient, amount: string) => {
    const res = await http(app).post('/api/v1/pix/p2p/transfers').set(from.auth).send({ to_account_id: to.accountId, amount });
    expect(res.status).toBe(201);
    return res.body.data as { transaction_id: string; end_to_end_id: string };
  };
  const deposit = async (c: TestClient, amount: string) => {
    const res = await http(app)
      .post('/api/v1/sandbox/deposits')
      .set(c.auth)
      .send({ amount, payer: { name: 'Carla Externa', document: '52998224725' } });
    expect(res.status).toBe(200);
    return res.body.data as { transaction_id: string; end_to_end_id: string };
  };
  const available = async (c: TestClient) => (await balanceOf(app, c)).available_balance;
  const statusOf = (c: TestClient, id: string) => http(app).get(`/api/v1/pix/reversals/${id}`).set(c.auth);
  const tx = async (c: TestClient, id: string) => (await http(app).get(`/api/v1/transactions/${id}`).set(c.auth)).body.data;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    ana = await newClient(app, { balance: '1000.00', name: 'Ana Souza' });
    bruno = await newClient(app, { balance: '100.00', name: 'Bruno Lima' });
  });

  beforeEach(() => clockOf(app).set(DAYTIME));

  afterAll(() => app.close());

  describe('of a payment received on-us (P2P)', () => {
    it('completes at once: the receiver is debited, the original payer credited, one return id, the event', async () => {
      const paid = await p2p(ana, bruno, '20.00');
      const [anaBefore, brunoBefore] = [Number(await available(ana)), Number(await available(bruno))];
      const res = await reverse(bruno, {
        amount: '5.00',
        external_id: 'rev-p2p-1',
        end_to_end_id: paid.end_to_end_id,
        reason: 'Paid twice',
        tags: ['dup'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: expect.any(String),
        external_id: 'rev-p2p-1',
        original_end_to_end_id: paid.end_to_end_id,
        refund_end_to_end_id: expect.stringMatching(REFUND_E2E),
        amount: '5.00',
        currency: 'BRL',
        status: 'completed',
        refund_code: 'MD06',
        reason: 'Paid twice',
        customer_message: null,
        user_metadata: {},
        tags: ['dup'],
        error_code: null,
        error_message: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        completed_at: expect.any(String),
      });
      const r = res.body.data;
      expect(Number(await available(bruno))).toBeCloseTo(brunoBefore - 5, 6);
      expect(Number(await available(ana))).toBeCloseTo(anaBefore + 5, 6);
      expect(await ledgerOps(app, r.id)).toEqual(['debit']);
      expect(await outboxTypes(app, r.id)).toEqual(['reversal.completed']);
      expect(await tx(bruno, r.id)).toMatchObject({
        type: 'reversal_out',
        status: 'completed',
        amount: '5.00',
        e2e: r.refund_end_to_end_id,
      });
      const incoming = (await http(app).get('/api/v1/transactions?type=reversal_in').set(ana.auth)).body.data.transactions;
      expect(incoming.find((t: { e2e: string }) => t.e2e === r.refund_end_to_end_id)).toMatchObject({
        status: 'completed',
        amount: '5.00',
      });
      // The original shows how much of it was reversed.
      const original = (await http(app).get(`/api/v1/transactions?type=p2p_in`).set(bruno.auth)).body.data.transactions.find(
        (t: { e2e: string }) => t.e2e === paid.end_to_end_id,
      );
      expect(original.reversed_amount).toBe('5.00');
    });

    it('never gives back more than the payment, also across several reversals (REFUND_EXCEEDS_AVAILABLE)', async () => {
      const paid = await p2p(ana, bruno, '10.00');
      expect((await reverse(bruno, { amount: '6.00', external_id: ext(), end_to_end_id: paid.end_to_end_id })).status).toBe(200);
      const over = await reverse(bruno, { amount: '4.01', external_id: ext(), end_to_end_id: paid.end_to_end_id });
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe('REFUND_EXCEEDS_AVAILABLE');
      expect(over.body.error.message).toContain('4.00');
      expect((await reverse(bruno, { amount: '4.00', external_id: ext(), end_to_end_id: paid.end_to_end_id })).status).toBe(200);
      expect((await reverse(bruno, { amount: '0.01', external_id: ext(), end_to_end_id: paid.end_to_end_id })).body.error.code).toBe(
        'REFUND_EXCEEDS_AVAILABLE',
      );
    });

    it('concurrent reversals of one payment: their sum never exceeds it', async () => {
      const paid = await p2p(ana, bruno, '10.00');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => reverse(bruno, { amount: '3.00', external_id: ext(), end_to_end_id: paid.end_to_end_id })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.body.error.code === 'REFUND_EXCEEDS_AVAILABLE')).toBe(true);
    });
  });

  // conventions §10: SL02 is only the withdrawal/change part of a Pix Saque/Troco charge (docs/adr/0218-refund-codes-clients-may-send.md)
  describe('refund code SL02', () => {
    /** A charge of Bruno's paid in the sandbox; the end-to-end id of its cash_in. */
    const paidCharge = async (body: object) => {
      const created = await http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set(bruno.auth)
        .send({ amount: '30.00', reference: `order-${++seq}`, ...body });
      expect(created.status).toBe(200);
      const id = created.body.transaction_id as string;
      const paid = await http(app).post(`/api/v1/sandbox/cash-in/${id}/pay`).set(bruno.auth).send({});
      expect(paid.status).toBe(200);
      return paid.body.data.end_to_end_id as string;
    };

    it('gives back the change part of a Pix Troco charge and no more of it; MD06 takes the rest', async () => {
      const e2e = await paidCharge({ change_amount: '8.00', change_agent_mode: 'AGTEC' });

      const first = await reverse(bruno, { amount: '5.00', external_id: ext(), end_to_end_id: e2e, refund_code: 'SL02' });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ refund_code: 'SL02', amount: '5.00' });
      const over = await reverse(bruno, { amount: '3.01', external_id: ext(), end_to_end_id: e2e, refund_code: 'SL02' });
      expect(over.status).toBe(400);
      expect(over.body.error).toMatchObject({
        code: 'REFUND_EXCEEDS_AVAILABLE',
        details: [{ field: 'amount', issue: 'at most 3.00 (the change part left)' }],
      });
      const rest = await reverse(bruno, { amount: '25.00', external_id: ext(), end_to_end_id: e2e, refund_code: 'MD06' });
      expect(rest.status).toBe(200);
    });

    it('refuses SL02 of a payment that paid no Saque/Troco charge with 400 REFUND_CODE_NOT_APPLICABLE naming refund_code', async () => {
      const plain = await paidCharge({});
      const received = await deposit(bruno, '10.00');

      for (const e2e of [plain, received.end_to_end_id]) {
        const res = await reverse(bruno, { amount: '1.00', external_id: ext(), end_to_end_id: e2e, refund_code: 'SL02' });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'REFUND_CODE_NOT_APPLICABLE', details: [{ field: 'refund_code' }] });
      }
    });
  });

  describe('of a payment from another institution', () => {
    it('holds the amount, sends the return to the SPI and completes (hold captured, event)', async () => {
      const received = await deposit(bruno, '50.00');
      const before = await balanceOf(app, bruno);
      const res = await reverse(bruno, { amount: '10.00', external_id: ext(), end_to_end_id: received.end_to_end_id, refund_code: 'MD06' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'queued', refund_code: 'MD06' });
      const id = res.body.data.id;
      const done = await eventually(async () => {
        const s = (await statusOf(bruno, id)).body.data;
        return s.status === 'completed' ? s : undefined;
      });
      expect(done.completed_at).not.toBeNull();
      expect(await ledgerOps(app, id)).toEqual(['hold', 'capture']);
      expect(await outboxTypes(app, id)).toEqual(['reversal.queued', 'reversal.completed']);
      const after = await balanceOf(app, bruno);
      expect(Number(after.available_balance)).toBeCloseTo(Number(before.available_balance) - 10, 6);
      expect(after.blocked_balance).toBe(before.blocked_balance);
      expect((await tx(bruno, id)).status).toBe('completed');
    });

    it('a return the payer institution refuses (x.91) fails AC03: the hold is released and the amount can be reversed again', async () => {
      const received = await deposit(bruno, '30.00');
      const before = await available(bruno);
      const res = await reverse(bruno, { amount: '30.00', external_id: ext(), end_to_end_id: received.end_to_end_id });
      expect(res.status).toBe(200);
      const refused = await reverse(bruno, { amount: '0.91', external_id: ext(), end_to_end_id: received.end_to_end_id });
      expect(refused.body.error.code).toBe('REFUND_EXCEEDS_AVAILABLE');
      await eventually(async () => (await statusOf(bruno, res.body.data.id)).body.data.status === 'completed');

      const second = await deposit(bruno, '20.00');
      const failing = await reverse(bruno, { amount: '10.91', external_id: ext(), end_to_end_id: second.end_to_end_id });
      const failed = await eventually(async () => {
        const s = (await statusOf(bruno, failing.body.data.id)).body.data;
        return s.status === 'failed' ? s : undefined;
      });
      expect(failed).toMatchObject({ error_code: 'AC03' });
      expect(await ledgerOps(app, failing.body.data.id)).toEqual(['hold', 'release']);
      expect(await outboxTypes(app, failing.body.data.id)).toEqual(['reversal.queued', 'reversal.failed']);
      expect(Number(await available(bruno))).toBeCloseTo(Number(before) - 30 + 20, 6);
      const original = (await http(app).get(`/api/v1/transactions/${second.transaction_id}`).set(bruno.auth)).body.data;
      expect(original.reversed_amount).toBe('0.00');
      expect((await reverse(bruno, { amount: '20.00', external_id: ext(), end_to_end_id: second.end_to_end_id })).status).toBe(200);
    });

    it('refuses more than the balance holds (INSUFFICIENT_FUNDS), moving nothing', async () => {
      const poor = await newClient(app);
      const received = await deposit(poor, '10.00');
      await http(app).post('/api/v1/pix/p2p/transfers').set(poor.auth).send({ to_account_id: ana.accountId, amount: '9.00' });
      const res = await reverse(poor, { amount: '5.00', external_id: ext(), end_to_end_id: received.end_to_end_id });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INSUFFICIENT_FUNDS');
      expect((await http(app).get(`/api/v1/transactions/${received.transaction_id}`).set(poor.auth)).body.data.reversed_amount).toBe(
        '0.00',
      );
    });
  });

  describe('refusals', () => {
    it('only a completed payment the caller received, and within 90 days', async () => {
      const sent = await p2p(ana, bruno, '1.00');
      const byPayer = await reverse(ana, { amount: '1.00', external_id: ext(), end_to_end_id: sent.end_to_end_id });
      expect(byPayer.status).toBe(400);
      expect(byPayer.body.error.code).toBe('ORIGINAL_PAYMENT_NOT_FOUND');
      const unknown = await reverse(bruno, { amount: '1.00', external_id: ext(), end_to_end_id: 'E00000000202603101500NoSuchE2E01' });
      expect(unknown.body.error.code).toBe('ORIGINAL_PAYMENT_NOT_FOUND');
      clockOf(app).set(new Date(DAYTIME.getTime() + 91 * 86_400_000));
      const late = await reverse(bruno, { amount: '1.00', external_id: ext(), end_to_end_id: sent.end_to_end_id });
      expect(late.status).toBe(400);
      expect(late.body.error.code).toBe('REVERSAL_WINDOW_CLOSED');
    });

    it.each([
      ['no external_id', { amount: '1.00' }],
      ['an unknown refund_code', { amount: '1.00', external_id: 'x', refund_code: 'AB01' }],
      // conventions §10: BE08 and FR01 are the institution's own codes for special returns (MED), not accepted from clients
      ["the institution's own code BE08", { amount: '1.00', external_id: 'x', refund_code: 'BE08' }],
      ["the institution's own code FR01", { amount: '1.00', external_id: 'x', refund_code: 'FR01' }],
      ['three decimals', { amount: '1.001', external_id: 'x' }],
      ['a malformed end_to_end_id', { amount: '1.00', external_id: 'x', end_to_end_id: 'E123' }],
      ['an unknown field', { amount: '1.00', external_id: 'x', extra: 1 }],
    ])('refuses %s with 400', async (_what, body) => {
      const res = await reverse(bruno, { end_to_end_id: 'E00000000202603101500NoSuchE2E01', ...body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('a reused external_id is 409; a retried idempotency key makes one reversal', async () => {
      const paid = await p2p(ana, bruno, '4.00');
      const key = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
      const body = { amount: '1.00', external_id: 'rev-once', end_to_end_id: paid.end_to_end_id };
      const first = await reverse(bruno, body, { 'X-Idempotency-Key': key });
      const again = await reverse(bruno, body, { 'X-Idempotency-Key': key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.id).toBe(first.body.data.id);
      const dup = await reverse(bruno, { ...body, amount: '2.00' });
      expect(dup.status).toBe(409);
      expect(dup.body.error.code).toBe('DUPLICATE_EXTERNAL_ID');
    });
  });

  describe('reading', () => {
    it('by id and as a filtered list, tenant-safe', async () => {
      const paid = await p2p(ana, bruno, '8.00');
      const a = (await reverse(bruno, { amount: '1.00', external_id: 'list-a', end_to_end_id: paid.end_to_end_id })).body.data;
      const b = (await reverse(bruno, { amount: '2.00', external_id: 'list-b', end_to_end_id: paid.end_to_end_id })).body.data;
      expect((await statusOf(bruno, a.id)).body.data).toEqual(a);
      expect((await statusOf(ana, a.id)).status).toBe(404);
      const byOriginal = await http(app).get(`/api/v1/pix/reversals?end_to_end_id=${paid.end_to_end_id}`).set(bruno.auth);
      expect(byOriginal.body.data.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
      const byExternal = await http(app).get('/api/v1/pix/reversals?external_id=list-a').set(bruno.auth);
      expect(byExternal.body.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
      const limited = await http(app).get('/api/v1/pix/reversals?limit=1').set(bruno.auth);
      expect(limited.body.data).toHaveLength(1);
      const future = await http(app)
        .get(`/api/v1/pix/reversals?created_after=${encodeURIComponent('2030-01-01T00:00:00Z')}`)
        .set(bruno.auth);
      expect(future.body.data).toEqual([]);
      expect((await http(app).get(`/api/v1/pix/reversals?end_to_end_id=${paid.end_to_end_id}`).set(ana.auth)).body.data).toEqual([]);
      expect((await http(app).get('/api/v1/pix/reversals?limit=101').set(bruno.auth)).status).toBe(400);
    });
  });

  describe('racing a MED block on the same funds', () => {
    it('a reversal and a MED opening at once: no balance goes negative and blocked equals the open blocks', async () => {
      for (let i = 0; i < 5; i++) {
        const receiver = await newClient(app);
        const paid = await p2p(ana, receiver, '10.00');
        const [reversed, opened] = await Promise.all([
          reverse(receiver, { amount: '10.00', external_id: ext(), end_to_end_id: paid.end_to_end_id }),
          http(app)
            .post('/api/v1/sandbox/med')
            .set(receiver.auth)
            .send({ end_to_end_id: paid.end_to_end_id, amount: '10.00', reason: 'fraud claim' }),
        ]);
        expect([200, 400]).toContain(reversed.status);
        expect([200, 201]).toContain(opened.status);
        const balance = await balanceOf(app, receiver);
        expect(Number(balance.available_balance)).toBeGreaterThanOrEqual(0);
        expect(Number(balance.blocked_balance)).toBeGreaterThanOrEqual(0);
        const open = (await http(app).get('/api/v1/pix/med/status/OPEN').set(receiver.auth)).body.data.items as {
          blocked_amount: string;
        }[];
        const blocked = open.reduce((sum, m) => sum + Math.round(Number(m.blocked_amount) * 100), 0);
        expect(Math.round(Number(balance.blocked_balance) * 100)).toBe(blocked);
        // Whichever came first, 10.00 is either given back, blocked, or split between them: never more.
        const given = reversed.status === 200 ? 1000 : 0;
        expect(given + blocked).toBeLessThanOrEqual(1000);
        expect(Math.round(Number(balance.available_balance) * 100) + blocked + given).toBe(1000);
      }
    });
  });

  describe('afterwards', () => {
    it('leaves the ledger balanced and no balance negative', async () => {
      const admin = await newAdmin(app);
      const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
    });
  });
});
