import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CreateAdminUseCase } from '../../src/modules/identity/application/create-admin.use-case.js';
import { cashOut, settled } from '../support/payments.js';
import { http, newAdmin, newClient, startApp, tokenFor } from '../support/test-app.js';

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
    expect(dep.status).toBe(200);
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

  it('refuses a rule for a type no payment charges yet (it would be stored and never applied)', async () => {
    const admin = await newAdmin(app);
    const c = await newClient(app);
    for (const type of ['cash_out', 'p2p_out', 'p2p_in', 'reversal_out']) {
      const res = await http(app)
        .put(`/api/v1/admin/clients/${c.clientId}/fees/${type}`)
        .set(admin.auth)
        .send({ fixed_amount: '1.00', percent: '0' });
      expect({ type, status: res.status, code: res.body.error?.code }).toEqual({ type, status: 400, code: 'FEE_TYPE_NOT_SUPPORTED' });
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'transaction_type' })]);
    }
    expect((await http(app).get(`/api/v1/admin/clients/${c.clientId}/fees`).set(admin.auth)).body.data).toEqual([]);
  });

  it('reading a schedule needs admin:fees:read, writing it admin:fees:write', async () => {
    const c = await newClient(app);
    const a = await app.get(CreateAdminUseCase).execute('Fees Reader');
    const reader = { Authorization: `Bearer ${await tokenFor(app, a.key_id, a.secret_key, ['admin:fees:read'])}` };
    const writer = { Authorization: `Bearer ${await tokenFor(app, a.key_id, a.secret_key, ['admin:fees:write'])}` };
    expect((await http(app).get(`/api/v1/admin/clients/${c.clientId}/fees`).set(reader)).status).toBe(200);
    const denied = await http(app).get(`/api/v1/admin/clients/${c.clientId}/fees`).set(writer);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(
      (await http(app).put(`/api/v1/admin/clients/${c.clientId}/fees/cash_in`).set(reader).send({ fixed_amount: '1.00', percent: '0' }))
        .status,
    ).toBe(403);
    expect(
      (await http(app).put(`/api/v1/admin/clients/${c.clientId}/fees/cash_in`).set(writer).send({ fixed_amount: '1.00', percent: '0' }))
        .status,
    ).toBe(200);
  });

  it('charges the recipient its cash_in fee on an on-us payment too', async () => {
    const admin = await newAdmin(app);
    const payer = await newClient(app, { balance: '100.00' });
    const payee = await newClient(app);
    const key = await http(app).post('/api/v1/pix/keys').set(payee.auth).send({ key_type: 'EVP' });
    expect(key.status).toBeLessThan(300);
    await http(app)
      .put(`/api/v1/admin/clients/${payee.clientId}/fees/cash_in`)
      .set(admin.auth)
      .send({ fixed_amount: '0.25', percent: '2' });

    const sent = await cashOut(app, payer, { amount: '50.00', pix_key: key.body.data.key_value, pix_key_type: 'EVP' });
    expect(sent.status).toBe(200);
    expect((await settled(app, payer, sent.body.transaction_id)).status).toBe('completed');

    const received = await http(app).get('/api/v1/transactions').query({ type: 'cash_in' }).set(payee.auth);
    expect(received.body.data.transactions).toHaveLength(1);
    expect(received.body.data.transactions[0]).toMatchObject({ gross_amount: '50.00', tax_amount: '1.25', net_amount: '48.75' });
    const balance = await http(app).get('/api/v1/pix/balance').set(payee.auth);
    expect(balance.body.data.available_balance).toBe('48.75');
    expect((await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth)).body.data.balanced).toBe(true);
  });
});
