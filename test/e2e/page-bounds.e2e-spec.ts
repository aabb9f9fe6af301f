import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * The `page` / `page_size` lists (MED requests, webhook deliveries) are bounded as the transaction list
 * is: `page * page_size` at most 10,000 (400 VALIDATION_ERROR on `page` past it), and `total` counted up to
 * 10,000 (`10000` means 10,000 or more). The `limit` / `offset` charge list has the transaction list's own
 * bounds: `offset` at most 10,000, `total` counted up to 10,000 (docs/adr/0224-the-charge-list.md). The rows
 * are written in SQL: 10,001 of them through the API would take minutes.
 */
const CAP = 10_000;

describe('bounded pages of the page/page_size lists and the charge list (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', webhookAllowPrivateNetworks: true });
    db = app.get(DataSource);
  });

  afterAll(() => app.close());

  const expectPageRefused = (res: { status: number; body: { error?: { code: string; details?: { field: string }[] } } }) => {
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_ERROR');
    expect(res.body.error?.details?.map((d) => d.field)).toEqual(['page']);
  };

  describe('GET /api/v1/pix/med/status/{status}', () => {
    let c: TestClient;
    const list = (query: Record<string, number>) => http(app).get('/api/v1/pix/med/status/CLOSED').set(c.auth).query(query);

    beforeAll(async () => {
      c = await newClient(app);
      // CAP + 1 closed requests (terminal: no sweep touches them), each on a failed cash_in of its own.
      await db.query(
        `WITH tx AS (
           INSERT INTO transactions (id, client_id, account_id, type, status, amount, channel, created_at, updated_at)
           SELECT gen_random_uuid(), $1, $2, 'cash_in', 'failed', 1, 'api', now(), now() FROM generate_series(1, $3::int)
           RETURNING id)
         INSERT INTO med_requests (id, client_id, account_id, transaction_id, end_to_end_id, amount, blocked_amount, status,
           respond_by, created_at, updated_at)
         SELECT gen_random_uuid(), $1, $2, id, 'E99999004202603101500PageBounds', 1, 0, 'CLOSED', now(), now(), now() FROM tx`,
        [c.clientId, c.accountId, CAP + 1],
      );
    });

    it('counts total up to 10,000', async () => {
      const res = await list({ page: 1, page_size: 100 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page: 1, page_size: 100, total: CAP });
      expect(res.body.data.items).toHaveLength(100);
    });

    it('serves the last page within page * page_size <= 10,000 and refuses the next', async () => {
      const last = await list({ page: 100, page_size: 100 });
      expect(last.status).toBe(200);
      expect(last.body.data.items).toHaveLength(100);
      expectPageRefused(await list({ page: 101, page_size: 100 }));
      expectPageRefused(await list({ page: 501 }));
      expectPageRefused(await list({ page: 10_000, page_size: 100 }));
      expect((await list({ page: 500 })).status).toBe(200);
    });
  });

  describe('GET /api/v1/webhooks/{id}/deliveries', () => {
    let c: TestClient;
    let webhookId: string;
    const list = (query: Record<string, number | string>) =>
      http(app).get(`/api/v1/webhooks/${webhookId}/deliveries`).set(c.auth).query(query);

    beforeAll(async () => {
      c = await newClient(app);
      // Nothing is delivered: this app runs no worker, and the rows below are already failed.
      const hook = await http(app).post('/api/v1/webhooks').set(c.auth).send({ url: 'https://127.0.0.1:9/page-bounds' });
      expect(hook.status).toBe(201);
      webhookId = hook.body.data.id;
      await db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, client_id, event_id, event_type, body, status, created_at, updated_at)
         SELECT gen_random_uuid(), $1, $2, gen_random_uuid(), 'transaction.completed', '{}', 'failed', now(), now()
         FROM generate_series(1, $3::int)`,
        [webhookId, c.clientId, CAP + 1],
      );
    });

    it('counts total up to 10,000, with or without a status filter', async () => {
      for (const query of [{}, { status: 'failed' }] as Record<string, string>[]) {
        const res = await list({ ...query, page_size: 100 });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ page: 1, page_size: 100, total: CAP });
      }
      expect((await list({ status: 'delivered' })).body.data.total).toBe(0);
    });

    it('serves the last page within page * page_size <= 10,000 and refuses the next', async () => {
      const last = await list({ page: 100, page_size: 100 });
      expect(last.status).toBe(200);
      expect(last.body.data.items).toHaveLength(100);
      expectPageRefused(await list({ page: 101, page_size: 100 }));
      expectPageRefused(await list({ page: 10_000, page_size: 100, status: 'failed' }));
    });
  });

  describe('GET /api/v1/pix/cash-in', () => {
    let c: TestClient;
    const list = (query: Record<string, number | string>) => http(app).get('/api/v1/pix/cash-in').set(c.auth).query(query);
    const expectOffsetRefused = (res: { status: number; body: { error?: { code: string; details?: { field: string }[] } } }) => {
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
      expect(res.body.error?.details?.map((d) => d.field)).toEqual(['offset']);
    };

    beforeAll(async () => {
      c = await newClient(app);
      // CAP + 1 cancelled charges (terminal: no sweep touches them), each with its cancelled `cash_in` line.
      await db.query(
        `WITH tx AS (
           INSERT INTO transactions (id, client_id, account_id, type, status, amount, channel, created_at, updated_at)
           SELECT gen_random_uuid(), $1, $2, 'cash_in', 'cancelled', 1, 'api', now(), now() FROM generate_series(1, $3::int)
           RETURNING id)
         INSERT INTO cash_in_charges (id, client_id, account_id, txid, reference, amount, pix_key, pix_key_type, expires_at,
           qr_code_text, registry_document_id, status, cancelled_at, created_at, updated_at)
         SELECT id, $1, $2, 'PB' || replace(id::text, '-', ''), 'page-bounds', 1, 'page-bounds@example.com', 'EMAIL', now(),
           'page-bounds', 'page-bounds', 'cancelled', now(), now(), now() FROM tx`,
        [c.clientId, c.accountId, CAP + 1],
      );
    });

    it('counts total up to 10,000, with or without a filter', async () => {
      for (const query of [{}, { status: 'cancelled' }, { reference: 'page-bounds' }] as Record<string, string>[]) {
        const res = await list({ ...query, limit: 100 });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ limit: 100, offset: 0, total: CAP });
        expect(res.body.data.charges).toHaveLength(100);
      }
      expect((await list({ status: 'pending' })).body.data.total).toBe(0);
    });

    it('serves offset 10,000 and refuses the next', async () => {
      const last = await list({ offset: CAP, limit: 100 });
      expect(last.status).toBe(200);
      expect(last.body.data.charges).toHaveLength(1);
      expectOffsetRefused(await list({ offset: CAP + 1 }));
      expectOffsetRefused(await list({ offset: CAP + 1, status: 'cancelled' }));
    });
  });
});
