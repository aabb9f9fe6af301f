import type { NestExpressApplication } from '@nestjs/platform-express';
import { clockOf, http, newClient, startApp, type TestClient } from '../support/test-app.js';

describe('transactions (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    app = await startApp();
    c = await newClient(app);
    other = await newClient(app, { balance: '7.00' });
    for (const amount of ['10.00', '20.50', '30.25']) {
      const res = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount });
      expect(res.status).toBe(200);
    }
  });

  afterAll(() => app.close());

  const list = (query: Record<string, string | number> = {}) => http(app).get('/api/v1/transactions').query(query).set(c.auth);

  it("lists only the caller's transactions, newest first, with ledger entries", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, limit: 20, offset: 0 });
    const txs = res.body.data.transactions;
    expect(txs.map((t: { amount: string }) => t.amount)).toEqual(['30.25', '20.50', '10.00']);
    expect(txs.every((t: { client_id: string }) => t.client_id === c.clientId)).toBe(true);
    expect(txs[0]).toMatchObject({
      type: 'cash_in',
      status: 'completed',
      currency: 'BRL',
      gross_amount: '30.25',
      net_amount: '30.25',
      tax_amount: '0.00',
    });
    expect(txs[0].ledger_entries).toEqual([
      expect.objectContaining({
        operation_type: 'credit',
        amount: '30.250000',
        available_before: '30.500000',
        available_after: '60.750000',
      }),
    ]);
  });

  it('pages with limit and offset', async () => {
    const res = await list({ limit: 1, offset: 1 });
    expect(res.body.data.transactions).toHaveLength(1);
    expect(res.body.data.transactions[0].amount).toBe('20.50');
    expect(res.body.data.total).toBe(3);
  });

  it('filters by type, status, e2e and date range', async () => {
    const all = (await list()).body.data.transactions;
    const e2e = all[1].e2e;
    expect((await list({ e2e })).body.data.transactions.map((t: { e2e: string }) => t.e2e)).toEqual([e2e]);
    expect((await list({ type: 'cash_out' })).body.data.total).toBe(0);
    expect((await list({ status: 'completed', type: 'cash_in' })).body.data.total).toBe(3);
    const now = clockOf(app).now().getTime();
    const from = new Date(now - 3600_000).toISOString();
    const to = new Date(now + 3600_000).toISOString();
    expect((await list({ date_from: from, date_to: to })).body.data.total).toBe(3);
    const old = new Date(now - 10 * 24 * 3600_000).toISOString();
    const older = new Date(now - 9 * 24 * 3600_000).toISOString();
    expect((await list({ date_from: old, date_to: older })).body.data.total).toBe(0);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ type: 'teleport' }, 'type'],
    [{ status: 'lost' }, 'status'],
    [{ date_from: 'yesterday', date_to: '2026-01-01T00:00:00Z' }, 'date_from'],
    [{ date_from: '2026-01-01T00:00:00Z' }, 'date_to'],
    [{ date_to: '2026-01-01T00:00:00Z' }, 'date_from'],
    [{ foo: 'bar' }, 'foo'],
  ])('rejects %j with 400 naming %s', async (query, field) => {
    const res = await list(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body.error)).toContain(field);
  });

  it('rejects a date range over 30 days with 400', async () => {
    const res = await list({ date_from: '2026-01-01T00:00:00Z', date_to: '2026-02-01T00:00:01Z' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('DATE_RANGE_TOO_LARGE');
    const ok = await list({ date_from: '2026-01-01T00:00:00Z', date_to: '2026-01-31T00:00:00Z' });
    expect(ok.status).toBe(200);
  });

  it('gets one transaction by id, and answers 404 for another client or a bad id', async () => {
    const [first] = (await list()).body.data.transactions;
    const own = await http(app).get(`/api/v1/transactions/${first.id}`).set(c.auth);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: first.id, amount: '30.25' });
    expect((await http(app).get(`/api/v1/transactions/${first.id}`).set(other.auth)).status).toBe(404);
    expect((await http(app).get('/api/v1/transactions/not-a-uuid').set(c.auth)).status).toBe(404);
  });
});
