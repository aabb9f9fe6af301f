import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { maskDocument } from '../../src/shared/domain/tax-id.js';
import { Money } from '../../src/shared/money/money.js';
import { DAYTIME, http, newAdmin, newClient, NIGHTTIME, startApp, type TestClient } from '../support/test-app.js';
import { balanceOf, bankDetails, cashOut, ledgerOps, outboxTypes, settled } from '../support/payments.js';

// Cash-outs pass the limits, whose caps depend on the time of day in São Paulo: run at noon and at 23:00.
describe.each([
  ['daytime', DAYTIME],
  ['nighttime', NIGHTTIME],
] as const)('cash-out (e2e) at %s', (_dayPeriod, instant) => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({ settlementMaxAttempts: 2, settlementBackoffMs: 20, sandboxSpiLatencyMs: 5 }, instant);
  });

  afterAll(() => app.close());

  const byKey = (amount: string, extra: object = {}) => ({ amount, pix_key: 'joana@example.com', pix_key_type: 'EMAIL', ...extra });

  describe('Flow 1: by Pix key to another institution', () => {
    let c: TestClient;

    beforeAll(async () => {
      c = await newClient(app, { balance: '100.00' });
    });

    it('answers queued at once, holds the funds, then completes and captures them', async () => {
      const res = await cashOut(app, c, byKey('25.50', { external_id: 'order-1', description: 'rent' }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        transaction_id: expect.any(String),
        status: 'queued',
        amount: '25.50',
        message: expect.stringMatching(/queued/i),
      });
      const done = await settled(app, c, res.body.transaction_id);
      expect(done).toMatchObject({
        status: 'completed',
        amount: '25.50',
        currency: 'BRL',
        external_id: 'order-1',
        pix_key: 'joana@example.com',
        pix_key_type: 'email',
        payer: { name: c.name, document: c.document, bank: { agency: '0001' } },
      });
      expect(done.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
      expect(done.receiver.bank.ispb).toMatch(/^\d{8}$/);
      expect(done.receiver.bank.participant_name.length).toBeGreaterThan(0);
      expect(done.completed_at).not.toBeNull();
      expect(await balanceOf(app, c)).toMatchObject({ available_balance: '74.50', blocked_balance: '0.00', total_balance: '74.50' });
      expect(await ledgerOps(app, res.body.transaction_id)).toEqual(['hold', 'capture']);
      expect(await outboxTypes(app, res.body.transaction_id)).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed']);
      const tx = await http(app).get(`/api/v1/transactions/${res.body.transaction_id}`).set(c.auth);
      expect(tx.body.data).toMatchObject({ type: 'cash_out', status: 'completed', amount: '25.50', e2e: done.end_to_end_id });
    });

    it('400 PIX_KEY_NOT_FOUND for a key the directory does not know, with nothing held', async () => {
      const before = await balanceOf(app, c);
      const res = await cashOut(app, c, byKey('1.00', { pix_key: 'notfound@example.com' }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PIX_KEY_NOT_FOUND');
      expect(await balanceOf(app, c)).toEqual(before);
    });

    it('400 INSUFFICIENT_FUNDS when the amount exceeds the available balance, with no transaction left behind', async () => {
      const res = await cashOut(app, c, byKey('500.00', { external_id: 'too-much' }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INSUFFICIENT_FUNDS');
      const list = await http(app).get('/api/v1/transactions').query({ type: 'cash_out' }).set(c.auth);
      expect(list.body.data.transactions.map((t: { external_id: string }) => t.external_id)).not.toContain('too-much');
    });

    it('409 DUPLICATE_EXTERNAL_ID for a second cash-out with the same external_id', async () => {
      const res = await cashOut(app, c, byKey('1.00', { external_id: 'order-1' }));
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('DUPLICATE_EXTERNAL_ID');
    });

    it("404 for another client's cash-out", async () => {
      const other = await newClient(app);
      const [first] = (await http(app).get('/api/v1/transactions').query({ type: 'cash_out' }).set(c.auth)).body.data.transactions;
      expect((await http(app).get(`/api/v1/pix/cash-out/${first.id}`).set(other.auth)).status).toBe(404);
      expect((await http(app).get(`/api/v1/pix/cash-out/${randomUUID()}`).set(c.auth)).status).toBe(404);
    });
  });

  describe('request validation', () => {
    let c: TestClient;

    beforeAll(async () => {
      c = await newClient(app, { balance: '10.00' });
    });

    it.each([
      [{ amount: '1.00', pix_key: 'a@b.co', pix_key_type: 'EMAIL', receiver_name: 'X' }, 'receiver_name'],
      [{ amount: '1.00', pix_key: 'a@b.co' }, 'pix_key_type'],
      [{ amount: '1.00', ...bankDetails, receiver_ispb: undefined }, 'receiver_ispb'],
      [{ amount: '1.00' }, 'pix_key'],
      [{ amount: 1, pix_key: 'a@b.co', pix_key_type: 'EMAIL' }, 'amount'],
      [{ amount: '1.00', pix_key: 'a@b.co', pix_key_type: 'email' }, 'pix_key_type'],
      [{ amount: '1.00', ...bankDetails, receiver_ispb: '123' }, 'receiver_ispb'],
      [{ amount: '1.00', ...bankDetails, receiver_account_type: 'current' }, 'receiver_account_type'],
      [{ amount: '1.00', ...bankDetails, receiver_document: '52998224724' }, 'receiver_document'],
    ])('400 for %j naming %s', async (body, field) => {
      const res = await cashOut(app, c, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('400 when key fields are mixed with the lookup header', async () => {
      const res = await cashOut(app, c, { amount: '1.00', pix_key: 'a@b.co', pix_key_type: 'EMAIL' }, { 'X-Pix-Lookup-E2E': 'E123' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('X-Pix-Lookup-E2E');
    });

    it('403 without pix:cashout:write', async () => {
      const reader = await newClient(app, { scopes: ['pix:cashout:read'] });
      expect((await cashOut(app, reader, byKey('1.00'))).status).toBe(403);
    });
  });

  describe('Flow 2: by bank details', () => {
    it('settles to an external participant', async () => {
      const c = await newClient(app, { balance: '50.00' });
      const res = await cashOut(app, c, { amount: '20.00', ...bankDetails });
      expect(res.status).toBe(200);
      const done = await settled(app, c, res.body.transaction_id);
      expect(done).toMatchObject({
        status: 'completed',
        receiver_name: 'Joana Externa',
        receiver_document: '52998224725',
        receiver: { bank: { ispb: '00000000', agency: '1234', account: '5678901', account_type: 'checking' } },
      });
      expect(done.receiver.bank.participant_name).toMatch(/BCO DO BRASIL|Banco do Brasil/i);
      expect((await balanceOf(app, c)).total_balance).toBe('30.00');
    });

    it('400 UNKNOWN_PARTICIPANT for an ISPB outside the participant list', async () => {
      const c = await newClient(app, { balance: '5.00' });
      const res = await cashOut(app, c, { amount: '1.00', ...bankDetails, receiver_ispb: '12345670' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('UNKNOWN_PARTICIPANT');
    });
  });

  describe('on-us payments', () => {
    it('credits the recipient client by key, with a cash_in carrying the same end-to-end id', async () => {
      const payer = await newClient(app, { balance: '40.00' });
      const payee = await newClient(app);
      const key = await http(app).post('/api/v1/pix/keys').set(payee.auth).send({ key_type: 'EVP' });
      expect(key.status).toBe(200);
      const res = await cashOut(app, payer, { amount: '15.25', pix_key: key.body.data.key_value, pix_key_type: 'EVP' });
      expect(res.status).toBe(200);
      const done = await settled(app, payer, res.body.transaction_id);
      expect(done.status).toBe('completed');
      // Resolved from a key, the recipient's document is shown to the payer masked.
      expect(done.receiver).toMatchObject({ name: payee.name, document: maskDocument(payee.document) });
      expect(await balanceOf(app, payer)).toMatchObject({ total_balance: '24.75' });
      expect(await balanceOf(app, payee)).toMatchObject({ available_balance: '15.25' });
      const incoming = await http(app).get('/api/v1/transactions').query({ e2e: done.end_to_end_id }).set(payee.auth);
      expect(incoming.body.data.transactions).toEqual([
        expect.objectContaining({ type: 'cash_in', status: 'completed', amount: '15.25', payer_name: payer.name }),
      ]);
    });

    it('credits the recipient by bank details at this institution, and refuses paying oneself', async () => {
      const payer = await newClient(app, { balance: '10.00' });
      const payee = await newClient(app);
      const [{ number }] = await app.get(DataSource).query(`SELECT number FROM accounts WHERE id = $1`, [payee.accountId]);
      const ours = {
        receiver_name: payee.name,
        receiver_document: payee.document,
        receiver_ispb: app.get<AppConfig>(APP_CONFIG).pspIspb,
        receiver_branch: '0001',
        receiver_account: number,
        receiver_account_type: 'payment',
      };
      const res = await cashOut(app, payer, { amount: '2.00', ...ours });
      expect(res.status).toBe(200);
      expect((await settled(app, payer, res.body.transaction_id)).status).toBe('completed');
      expect((await balanceOf(app, payee)).available_balance).toBe('2.00');
      const self = await cashOut(app, payee, { amount: '1.00', ...ours });
      expect(self.status).toBe(400);
      expect(self.body.error.code).toBe('SAME_ACCOUNT');
      const unknown = await cashOut(app, payer, { amount: '1.00', ...ours, receiver_account: '99999999' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('RECEIVER_ACCOUNT_NOT_FOUND');
    });
  });

  describe('sandbox outcomes by cents', () => {
    let c: TestClient;

    beforeAll(async () => {
      c = await newClient(app, { balance: '100.00' });
    });

    it.each([
      ['1.91', 'AC03'],
      ['1.92', 'AM04'],
      ['1.93', 'AB03'],
    ])('%s fails with %s and releases the hold', async (amount, code) => {
      const before = await balanceOf(app, c);
      const res = await cashOut(app, c, byKey(amount));
      const done = await settled(app, c, res.body.transaction_id);
      expect(done).toMatchObject({ status: 'failed', error_code: code, error_message: expect.any(String) });
      expect(await balanceOf(app, c)).toEqual({ ...before, updated_at: expect.any(String) });
      expect(await ledgerOps(app, res.body.transaction_id)).toEqual(['hold', 'release']);
      const tx = await http(app).get(`/api/v1/transactions/${res.body.transaction_id}`).set(c.auth);
      expect(tx.body.data).toMatchObject({ status: 'failed', error_code: code });
    });

    it('x.94 completes and is then returned, crediting the amount back as reversal_in', async () => {
      const before = await balanceOf(app, c);
      const res = await cashOut(app, c, byKey('3.94'));
      const done = await settled(app, c, res.body.transaction_id, ['returned']);
      expect(done).toMatchObject({ status: 'returned', returned_amount: '3.94' });
      expect((await balanceOf(app, c)).total_balance).toBe(before.total_balance);
      const back = await http(app).get('/api/v1/transactions').query({ type: 'reversal_in' }).set(c.auth);
      expect(back.body.data.transactions[0]).toMatchObject({ amount: '3.94', status: 'completed', reference: res.body.transaction_id });
      expect(await outboxTypes(app, res.body.transaction_id)).toContain('cash_out.returned');
    });

    it('the sandbox return endpoint returns part of a completed cash-out once', async () => {
      const res = await cashOut(app, c, byKey('10.00'));
      await settled(app, c, res.body.transaction_id);
      const before = await balanceOf(app, c);
      const ret = await http(app).post(`/api/v1/sandbox/cash-out/${res.body.transaction_id}/return`).set(c.auth).send({ amount: '4.00' });
      expect(ret.status).toBe(200);
      expect(ret.body).toMatchObject({ status: 'returned', returned_amount: '4.00' });
      expect((await balanceOf(app, c)).available_balance).toBe(Money.of(before.available_balance).plus(Money.of('4.00')).toFixed2());
      const again = await http(app).post(`/api/v1/sandbox/cash-out/${res.body.transaction_id}/return`).set(c.auth).send({});
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('CASH_OUT_NOT_RETURNABLE');
      const other = await newClient(app);
      expect((await http(app).post(`/api/v1/sandbox/cash-out/${res.body.transaction_id}/return`).set(other.auth).send({})).status).toBe(
        404,
      );
    });
  });

  describe('idempotency', () => {
    let c: TestClient;

    beforeAll(async () => {
      c = await newClient(app, { balance: '100.00' });
    });

    it('replays the first answer for the same key and body, creating one cash-out', async () => {
      const key = randomUUID();
      const first = await cashOut(app, c, byKey('5.00'), { 'X-Idempotency-Key': key });
      const second = await cashOut(app, c, byKey('5.00'), { 'X-Idempotency-Key': key });
      expect(second.status).toBe(first.status);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      await settled(app, c, first.body.transaction_id);
      expect((await balanceOf(app, c)).total_balance).toBe('95.00');
    });

    it('422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
      const key = randomUUID();
      expect((await cashOut(app, c, byKey('1.00'), { 'X-Idempotency-Key': key })).status).toBe(200);
      const res = await cashOut(app, c, byKey('2.00'), { 'X-Idempotency-Key': key });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('400 for a key that is not a UUID', async () => {
      const res = await cashOut(app, c, byKey('1.00'), { 'X-Idempotency-Key': 'not-a-uuid' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_IDEMPOTENCY_KEY');
    });

    it('stores a business refusal as the answer: a retry with the key gets it again, even once it would pass', async () => {
      const key = randomUUID();
      const refused = await cashOut(app, c, byKey('200.00', { external_id: 'refused-once' }), { 'X-Idempotency-Key': key });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INSUFFICIENT_FUNDS');
      expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '500.00' })).status).toBeLessThan(300);

      const retried = await cashOut(app, c, byKey('200.00', { external_id: 'refused-once' }), { 'X-Idempotency-Key': key });
      expect(retried.status).toBe(400);
      expect(retried.body.error).toEqual(refused.body.error);
      expect(retried.body.request_id).toBe(retried.headers['x-request-id']);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      const list = await http(app).get('/api/v1/transactions').query({ type: 'cash_out' }).set(c.auth);
      expect(list.body.data.transactions.map((t: { external_id: string }) => t.external_id)).not.toContain('refused-once');

      // A new key is a new attempt, and it now passes.
      const fresh = await cashOut(app, c, byKey('200.00', { external_id: 'refused-once' }), { 'X-Idempotency-Key': randomUUID() });
      expect(fresh.status).toBe(200);
      await settled(app, c, fresh.body.transaction_id);
    });

    it('does not keep a request that validation refused before it ran: the corrected retry runs', async () => {
      const key = randomUUID();
      const invalid = await cashOut(app, c, byKey('1,00'), { 'X-Idempotency-Key': key });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.code).toBe('VALIDATION_ERROR');
      const corrected = await cashOut(app, c, byKey('1.00'), { 'X-Idempotency-Key': key });
      expect(corrected.status).toBe(200);
      expect(corrected.headers['idempotent-replayed']).toBeUndefined();
      await settled(app, c, corrected.body.transaction_id);
    });

    it('runs concurrent requests with one key once: the others get the replay or 409 IN_USE', async () => {
      const key = randomUUID();
      const before = (await balanceOf(app, c)).available_balance;
      const answers = await Promise.all(Array.from({ length: 6 }, () => cashOut(app, c, byKey('1.00'), { 'X-Idempotency-Key': key })));
      const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.transaction_id));
      expect(ids.size).toBe(1);
      for (const a of answers) expect([200, 409]).toContain(a.status);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect((await balanceOf(app, c)).available_balance).toBe(Money.of(before).minus(Money.of('1.00')).toFixed2());
    });
  });

  it('leaves the journal balanced after all of the above', async () => {
    const admin = await newAdmin(app);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
  });
});
