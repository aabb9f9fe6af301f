import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { clockOf, DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(DAYTIME.getTime() + minutes * MINUTE);

interface Listed {
  transaction_id: string;
  conciliation_id: string;
  status: string;
  created_at: string;
}

/**
 * GET /api/v1/pix/cash-in (docs/adr/0224-the-charge-list.md): the caller's charges, each as
 * GET /cash-in/{id} shows it, filtered, newest first, paged as the transaction list is.
 */
describe('the charge list (e2e)', () => {
  let app: NestExpressApplication;
  let merchant: TestClient;
  let other: TestClient;
  /** The merchant's charges by role, in creation order (one minute apart from DAYTIME on). */
  const made: Record<'immediate' | 'dueSoon' | 'dueLater' | 'lapsing' | 'cancelled' | 'paid', Listed> = {} as never;
  let othersCharge: Listed;

  const list = (c: TestClient, query: Record<string, string | number> = {}) =>
    http(app).get('/api/v1/pix/cash-in').query(query).set(c.auth);
  const ids = async (query: Record<string, string | number>, c: TestClient = merchant) => {
    const res = await list(c, { limit: 100, ...query });
    expect(res.status).toBe(200);
    return (res.body.data.charges as Listed[]).map((x) => x.transaction_id);
  };
  const create = async (c: TestClient, minute: number, body: Record<string, unknown>): Promise<Listed> => {
    clockOf(app).set(at(minute));
    const res = await http(app)
      .post('/api/v1/pix/cash-in/qrcode')
      .set(c.auth)
      .send({ amount: '42.00', ...body });
    expect(res.status).toBe(200);
    return (await http(app).get(`/api/v1/pix/cash-in/${res.body.transaction_id}`).set(c.auth)).body.data as Listed;
  };

  beforeAll(async () => {
    // No workers: the expiry sweep never runs, so a lapsed charge is expired only by being read.
    app = await startApp({ appRole: 'api' });
    merchant = await newClient(app, { legal: true, name: 'Livraria Boa Leitura Ltda' });
    other = await newClient(app, { legal: true, name: 'Concorrente Vizinho Ltda' });
    made.immediate = await create(merchant, 0, { reference: 'invoice-1' });
    made.dueSoon = await create(merchant, 1, { reference: 'invoice-2', due_date: '2026-03-20' });
    made.dueLater = await create(merchant, 2, { reference: 'invoice-1', due_date: '2026-04-05' });
    made.lapsing = await create(merchant, 3, { reference: 'invoice-3', expiration_time: 60 });
    made.cancelled = await create(merchant, 4, { reference: 'invoice-4' });
    made.paid = await create(merchant, 5, { reference: 'invoice-5' });
    othersCharge = await create(other, 6, { reference: 'invoice-1', due_date: '2026-03-20' });
    expect((await http(app).post(`/api/v1/pix/cash-in/${made.cancelled.transaction_id}/cancel`).set(merchant.auth)).status).toBe(200);
    expect((await http(app).post(`/api/v1/sandbox/cash-in/${made.paid.transaction_id}/pay`).set(merchant.auth).send({})).status).toBe(200);
    // `lapsing` (60 s) is past its expiry from here on, and still `pending` in its row.
    clockOf(app).set(at(30));
  });

  afterAll(() => app.close());

  const newestFirst = () =>
    [made.paid, made.cancelled, made.lapsing, made.dueLater, made.dueSoon, made.immediate].map((c) => c.transaction_id);

  it('lists every own charge newest first, each exactly as GET /cash-in/{id} shows it, with the paging of the transaction list', async () => {
    const res = await list(merchant);
    expect(res.status).toBe(200);
    // spec, Transactions: limit default 20, offset default 0; `total` as the transaction list counts it
    expect(res.body).toMatchObject({ success: true, data: { total: 6, limit: 20, offset: 0 } });
    const charges = res.body.data.charges as Record<string, unknown>[];
    expect(charges.map((c) => c.transaction_id)).toEqual(newestFirst());
    for (const c of charges) {
      const one = await http(app)
        .get(`/api/v1/pix/cash-in/${String(c.transaction_id)}`)
        .set(merchant.auth);
      expect(c).toEqual(one.body.data);
      // No QR image in a list: GET /{id} draws none either; qr_code_text is there to draw one.
      expect(c).not.toHaveProperty('qr_code');
    }
  });

  it('shows and counts a pending charge past its expiry as expired, as reading it does', async () => {
    const res = await list(merchant, { txid: made.lapsing.conciliation_id });
    expect(res.body.data.charges).toEqual([expect.objectContaining({ status: 'expired', expired_at: expect.any(String) })]);
    expect(await ids({ status: 'expired' })).toEqual([made.lapsing.transaction_id]);
  });

  it("never shows another client's charges, whatever the filter", async () => {
    expect(await ids({})).not.toContain(othersCharge.transaction_id);
    expect(await ids({ txid: othersCharge.conciliation_id })).toEqual([]);
    expect(await ids({ reference: 'invoice-1' })).toEqual([made.dueLater.transaction_id, made.immediate.transaction_id]);
    expect(await ids({ due_date_from: '2026-03-20', due_date_to: '2026-03-20' })).toEqual([made.dueSoon.transaction_id]);
    expect(await ids({}, other)).toEqual([othersCharge.transaction_id]);
    expect(await ids({ txid: made.immediate.conciliation_id }, other)).toEqual([]);
  });

  it('narrows by status', async () => {
    expect(await ids({ status: 'pending' })).toEqual([made.dueLater, made.dueSoon, made.immediate].map((c) => c.transaction_id));
    expect(await ids({ status: 'completed' })).toEqual([made.paid.transaction_id]);
    expect(await ids({ status: 'cancelled' })).toEqual([made.cancelled.transaction_id]);
    expect(await ids({ status: 'expired' })).toEqual([made.lapsing.transaction_id]);
  });

  it('narrows by creation instant, both ends inclusive, each end alone', async () => {
    expect(await ids({ date_from: made.dueSoon.created_at, date_to: made.lapsing.created_at })).toEqual(
      [made.lapsing, made.dueLater, made.dueSoon].map((c) => c.transaction_id),
    );
    expect(await ids({ date_from: made.cancelled.created_at })).toEqual([made.paid, made.cancelled].map((c) => c.transaction_id));
    expect(await ids({ date_to: made.immediate.created_at })).toEqual([made.immediate.transaction_id]);
    // Any RFC 3339 offset names the same instant.
    expect(await ids({ date_from: '2026-03-10T12:00:00-03:00', date_to: '2026-03-10T12:00:59.999-03:00' })).toEqual([
      made.immediate.transaction_id,
    ]);
  });

  it('narrows by txid (the conciliation_id) and by reference, exactly', async () => {
    expect(await ids({ txid: made.dueSoon.conciliation_id })).toEqual([made.dueSoon.transaction_id]);
    expect(await ids({ reference: 'invoice-2' })).toEqual([made.dueSoon.transaction_id]);
    expect(await ids({ reference: 'invoice' })).toEqual([]);
  });

  it('narrows by due date, inclusive; an immediate charge has none and never matches', async () => {
    expect(await ids({ due_date_from: '2026-03-21' })).toEqual([made.dueLater.transaction_id]);
    expect(await ids({ due_date_to: '2026-12-31' })).toEqual([made.dueLater, made.dueSoon].map((c) => c.transaction_id));
    expect(await ids({ due_date_from: '2026-04-05', due_date_to: '2026-04-05' })).toEqual([made.dueLater.transaction_id]);
    expect(await ids({ due_date_to: '2026-03-19' })).toEqual([]);
    expect(await ids({ due_date_from: '2026-01-01', reference: 'invoice-1', status: 'pending' })).toEqual([made.dueLater.transaction_id]);
  });

  it('pages without skipping or repeating, also among charges created in the same instant', async () => {
    const c = await newClient(app);
    for (let i = 0; i < 7; i++) await create(c, 40, { reference: `same-${i}` });
    // The seven share one created_at: only the id tells them apart.
    await app.get(DataSource).query(`UPDATE cash_in_charges SET created_at = $1 WHERE client_id = $2`, [at(40), c.clientId]);
    const all = await ids({}, c);
    const pages: string[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      const res = await list(c, { limit: 3, offset });
      expect(res.body.data).toMatchObject({ total: 7, limit: 3, offset });
      pages.push(...(res.body.data.charges as Listed[]).map((x) => x.transaction_id));
    }
    expect(pages).toEqual(all);
    expect(all).toEqual([...all].sort().reverse());
    expect(new Set(all).size).toBe(7);
  });

  describe('bad input is 400 with the §3 body (docs/conventions.md §3), naming the field', () => {
    it.each([
      [{ status: 'paid' }, 'status'],
      [{ status: 'PENDING' }, 'status'],
      [{ date_from: '2026-03-10' }, 'date_from'],
      [{ date_to: '2026-02-30T00:00:00Z' }, 'date_to'],
      [{ due_date_from: '2026-02-30' }, 'due_date_from'],
      [{ due_date_to: '2026-03-10T00:00:00Z' }, 'due_date_to'],
      [{ due_date_from: '0000-01-01' }, 'due_date_from'],
      [{ txid: 'short' }, 'txid'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: '1e2' }, 'limit'],
      [{ offset: -1 }, 'offset'],
      // spec, Transactions: offset bound as the transaction list's (docs/adr/0052-lists-cost-a-page-not-a-history.md)
      [{ offset: 10_001 }, 'offset'],
    ])('%j', async (query, field) => {
      const res = await list(merchant, query as Record<string, string | number>);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: expect.any(Array) },
        request_id: expect.any(String),
      });
      expect(new Set((res.body.error.details as { field: string }[]).map((d) => d.field))).toEqual(new Set([field]));
    });

    it.each([
      [{ date_from: '2026-03-10T15:01:00Z', date_to: '2026-03-10T15:00:00Z' }, 'date_from'],
      [{ due_date_from: '2026-03-21', due_date_to: '2026-03-20' }, 'due_date_from'],
    ])('a from after its to, %j: INVALID_DATE_RANGE', async (query, field) => {
      const res = await list(merchant, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_DATE_RANGE', details: [{ field }] } });
    });

    it('refuses an undeclared parameter', async () => {
      const res = await list(merchant, { page: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });
  });

  it('needs pix:cashin:read (spec, Authentication: "query cash-in status"), and does not meet GET /cash-in/{id}', async () => {
    const writer = await newClient(app, { scopes: ['pix:cashin:write'] });
    const refused = await list(writer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const reader = await newClient(app, { scopes: ['pix:cashin:read'] });
    expect((await list(reader)).body).toEqual({ success: true, data: { charges: [], total: 0, limit: 20, offset: 0 } });
    const notAnId = await http(app).get('/api/v1/pix/cash-in/list').set(merchant.auth);
    expect(notAnId.status).toBe(404);
    expect(notAnId.body.error.code).toBe('CASH_IN_NOT_FOUND');
  });
});
