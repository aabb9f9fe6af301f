import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { http, newAdmin, newClient, startApp } from '../support/test-app.js';

describe('fee schedules (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('an admin-set cash_in fee is deducted from deposits: gross, tax and net add up', async () => {
    const admin = await newAdmin(app);
    const c = await newClient(app);
    const set = await http(app)
      .put(`/api/v1/admin/clients/${c.clientId}/fees/cash_in`)
      .set(admin.auth)
      .send({ fixed_amount: '0.50', percent: '1' });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ transaction_type: 'cash_in', fixed_amount: '0.50', percent: '1' });

    const dep = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '100.00' });
    expect(dep.status).toBe(201);
    const tx = await http(app).get(`/api/v1/transactions/${dep.body.data.transaction_id}`).set(c.auth);
    expect(tx.body.data).toMatchObject({ gross_amount: '100.00', tax_amount: '1.50', net_amount: '98.50' });
    expect(tx.body.data.ledger_entries.map((e: { operation_type: string; amount: string }) => [e.operation_type, e.amount])).toEqual([
      ['credit', '100.000000'],
      ['fee', '1.500000'],
    ]);
    const balance = await http(app).get('/api/v1/pix/balance').set(c.auth);
    expect(balance.body.data.available_balance).toBe('98.50');

    const listed = await http(app).get(`/api/v1/admin/clients/${c.clientId}/fees`).set(admin.auth);
    expect(listed.body.data).toEqual([{ transaction_type: 'cash_in', fixed_amount: '0.50', percent: '1' }]);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.body.data.balanced).toBe(true);
  });

  it('refuses clients, unknown clients, unknown types and malformed values', async () => {
    const admin = await newAdmin(app);
    const c = await newClient(app);
    const put = (clientId: string, type: string, body: object, auth = admin.auth) =>
      http(app).put(`/api/v1/admin/clients/${clientId}/fees/${type}`).set(auth).send(body);
    expect((await put(c.clientId, 'cash_in', { fixed_amount: '1.00', percent: '0' }, c.auth)).status).toBe(403);
    expect((await put(randomUUID(), 'cash_in', { fixed_amount: '1.00', percent: '0' })).status).toBe(404);
    expect((await put(c.clientId, 'teleport', { fixed_amount: '1.00', percent: '0' })).status).toBe(400);
    expect((await put(c.clientId, 'cash_in', { fixed_amount: '-1', percent: '0' })).status).toBe(400);
    expect((await put(c.clientId, 'cash_in', { fixed_amount: '1.00', percent: '101' })).status).toBe(400);
  });
});
