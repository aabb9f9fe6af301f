import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { BANK_ACCOUNT_TYPES } from '../../src/shared/domain/bank-account-type.js';
import { bankDetails, cashOut, cashOutStatus } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** One word per payment state and one account-type vocabulary, in every record that shows them. */
describe('one vocabulary across records (e2e)', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  let c: TestClient;

  beforeAll(async () => {
    // An API process alone: nothing settles, so the cash-outs below stay waiting.
    app = await startApp({ appRole: 'api' });
    config = app.get(APP_CONFIG);
    c = await newClient(app, { balance: '100.00' });
  });

  afterAll(() => app.close());

  const transaction = async (id: string) => (await http(app).get(`/api/v1/transactions/${id}`).set(c.auth)).body.data;

  it('a waiting cash-out is `queued` in its creation answer, its status record, its transaction and the list filter', async () => {
    const res = await cashOut(app, c, { amount: '3.00', pix_key: 'wait@example.com', pix_key_type: 'EMAIL' });
    expect(res.body.status).toBe('queued');
    const id = res.body.transaction_id;
    expect((await cashOutStatus(app, c, id)).status).toBe('queued');
    expect((await transaction(id)).status).toBe('queued');
    const listed = await http(app).get('/api/v1/transactions').query({ status: 'queued', type: 'cash_out' }).set(c.auth);
    expect(listed.body.data.transactions.map((t: { id: string }) => t.id)).toContain(id);
    const pending = await http(app).get('/api/v1/transactions').query({ status: 'pending', type: 'cash_out' }).set(c.auth);
    expect(pending.body.data.total).toBe(0);
    // A waiting payment uses up its limits like any other.
    const limits = await http(app).get('/api/v1/pix/limits').set(c.auth);
    expect(limits.body.limits.pix_out.daily.used).toBe('3.00');
  });

  it('every bank object says checking, savings, salary or payment: keys resolved from the directory, bank details, our own accounts', async () => {
    const byKey = await cashOut(app, c, { amount: '1.00', pix_key: 'someone@example.com', pix_key_type: 'EMAIL' });
    const byBank = await cashOut(app, c, { amount: '1.00', ...bankDetails, receiver_account_type: 'savings' });
    expect([byKey.status, byBank.status]).toEqual([200, 200]);
    for (const id of [byKey.body.transaction_id, byBank.body.transaction_id]) {
      const status = await cashOutStatus(app, c, id);
      const tx = await transaction(id);
      // The transaction record's payer is name and document only (as the interface shows it).
      for (const bank of [status.payer.bank, status.receiver.bank, tx.receiver.bank]) {
        expect(BANK_ACCOUNT_TYPES).toContain(bank.account_type);
      }
      expect(status.payer.bank.account_type).toBe('payment');
      expect(tx.receiver.bank).toEqual(status.receiver.bank);
    }
    expect((await cashOutStatus(app, c, byKey.body.transaction_id)).receiver.bank.account_type).toBe('checking');
    expect((await cashOutStatus(app, c, byBank.body.transaction_id)).receiver.bank.account_type).toBe('savings');
  });

  it('a sandbox deposit names the receiving bank: this institution, the holder account, a payment account', async () => {
    const dep = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '2.00' });
    expect(dep.status).toBeLessThan(300);
    const tx = await transaction(dep.body.data.transaction_id);
    const sent = await cashOut(app, c, { amount: '1.00', pix_key: 'other@example.com', pix_key_type: 'EMAIL' });
    const ourBank = (await cashOutStatus(app, c, sent.body.transaction_id)).payer.bank;
    expect(tx.receiver).toMatchObject({
      name: c.name,
      document: c.document,
      bank: { ispb: config.pspIspb, participant_name: config.pspName, agency: '0001', account: ourBank.account, account_type: 'payment' },
    });
  });

  it('success statuses follow "200 unless stated": key registration, limit requests and sandbox deposits answer 200', async () => {
    const key = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
    const request = await http(app)
      .post('/api/v1/pix/limits/requests')
      .set(c.auth)
      .send({ type: 'ted', period: 'daily', requested_amount: '100.00' });
    const deposit = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '1.00' });
    expect([key.status, request.status, deposit.status]).toEqual([200, 200, 200]);
  });

  it('Flow 1: a key value that does not fit its type is a validation error naming pix_key, not a miss', async () => {
    const res = await cashOut(app, c, { amount: '1.00', pix_key: 'maria@example.com', pix_key_type: 'CPF' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'pix_key' })] });
  });

  it('external_id takes any printable text up to 100 characters, spaces and slashes included', async () => {
    const pay = (external_id: string) =>
      cashOut(app, c, { amount: '0.01', pix_key: 'ext@example.com', pix_key_type: 'EMAIL', external_id });
    expect((await pay('order 2026/0042 — São Paulo')).status).toBe(200);
    for (const bad of ['bell\u0007', 'nul\u0000', 'x'.repeat(101), '   ']) {
      const res = await pay(bad);
      expect({ bad, status: res.status, field: res.body.error?.details?.[0]?.field }).toEqual({ bad, status: 400, field: 'external_id' });
    }
  });
});
