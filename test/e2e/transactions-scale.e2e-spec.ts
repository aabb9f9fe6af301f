import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { clockOf, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A long history costs a page its own size: the total is counted up to 10,000, offsets stop there too. */
describe('transaction lists over a long history (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    c = await newClient(app);
    // 10,050 rows through SQL (not the API), one second apart, the newest a minute ago; every 300th
    // shares the reference `batch-1`.
    await app.get(DataSource).query(
      `INSERT INTO transactions (id, client_id, account_id, type, status, reference, amount, tax_amount, channel, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'cash_in', 'completed', CASE WHEN g.i % 300 = 0 THEN 'batch-1' END, 1, 0, 'seed', t, t
       FROM generate_series(1, 10050) AS g(i), LATERAL (SELECT $3::timestamptz - make_interval(secs => 60 + g.i)) AS x(t)`,
      [c.clientId, c.accountId, clockOf(app).now()],
    );
  });

  afterAll(() => app.close());

  const list = (query: Record<string, string | number>) => http(app).get('/api/v1/transactions').query(query).set(c.auth);

  it('counts the total up to 10,000 and still pages newest first', async () => {
    const res = await list({ limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(10000);
    const times = res.body.data.transactions.map((t: { created_at: string }) => t.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const filtered = await list({ type: 'cash_in', status: 'completed', limit: 1, offset: 10000 });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.transactions).toHaveLength(1);
  });

  it('refuses an offset past 10,000 with 400 naming it (date_from/date_to reach further back)', async () => {
    const res = await list({ offset: 10001 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain('offset');
  });

  it('pages deep and by a shared reference in the list order, the rows SQL returns', async () => {
    const ds = app.get(DataSource);
    const expected = async (where: string, offset: number, limit: number) =>
      (
        await ds.query(
          `SELECT id FROM transactions WHERE client_id = $1 ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
          [c.clientId],
        )
      ).map((r: { id: string }) => r.id);
    const ids = (res: { body: { data: { transactions: { id: string }[] } } }) => res.body.data.transactions.map((t) => t.id);
    const deep = await list({ offset: 9990, limit: 20 });
    expect(ids(deep)).toEqual(await expected('', 9990, 20));
    const batch = await list({ reference: 'batch-1', offset: 10, limit: 5 });
    expect(batch.body.data.total).toBe(33);
    expect(ids(batch)).toEqual(await expected(`AND reference = 'batch-1'`, 10, 5));
  });

  it('a total at the cap stays there; a total with a status is counted again (only status changes)', async () => {
    expect((await list({ type: 'cash_in' })).body.data.total).toBe(10000);
    expect((await list({ status: 'completed' })).body.data.total).toBe(10000);
    await app
      .get(DataSource)
      .query(
        `UPDATE transactions SET status = 'returned' WHERE id IN (SELECT id FROM transactions WHERE client_id = $1 ORDER BY created_at LIMIT 100)`,
        [c.clientId],
      );
    expect((await list({ status: 'completed' })).body.data.total).toBe(9950);
    expect((await list({ status: 'returned' })).body.data.total).toBe(100);
    expect((await list({ type: 'cash_in' })).body.data.total).toBe(10000);
  });

  it('an exact total below the cap', async () => {
    const other = await newClient(app, { balance: '1.00' });
    const res = await http(app).get('/api/v1/transactions').set(other.auth);
    expect(res.body.data.total).toBe(1);
  });
});
