import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { balanceOf, ledgerOps, outboxTypes } from '../support/payments.js';
import { http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

/** Unique per run: the e2e files share one database, and a key registered here must not be anyone's elsewhere. */
const BRUNO_EMAIL = `bruno.${randomUUID().slice(0, 8)}@example.com`;

describe('P2P (e2e)', () => {
  let app: NestExpressApplication;
  let ana: TestClient;
  let bruno: TestClient;
  let loja: TestClient;

  const lookup = (c: TestClient, search_type: string, search_value: string) =>
    http(app).post('/api/v1/pix/p2p/lookup').set(c.auth).send({ search_type, search_value });
  const transfer = (c: TestClient, body: object, headers: Record<string, string> = {}) =>
    http(app).post('/api/v1/pix/p2p/transfers').set(c.auth).set(headers).send(body);
  const accountNumberOf = async (c: TestClient) => {
    const [row] = await app.get(DataSource).query(`SELECT number FROM accounts WHERE id = $1`, [c.accountId]);
    return row.number as string;
  };
  const available = async (c: TestClient) => (await balanceOf(app, c)).available_balance;

  beforeAll(async () => {
    app = await startApp({ lookupRateLimitPerMinute: 1000 });
    ana = await newClient(app, { balance: '500.00', name: 'Ana Souza' });
    bruno = await newClient(app, { balance: '100.00', name: 'Bruno Lima' });
    loja = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    const key = await http(app).post('/api/v1/pix/keys').set(bruno.auth).send({ key_type: 'EMAIL', key_value: BRUNO_EMAIL });
    expect(key.status).toBe(200);
    expect((await http(app).post('/api/v1/pix/keys').set(loja.auth).send({ key_type: 'CNPJ', key_value: loja.document })).status).toBe(200);
  });

  afterAll(() => app.close());

  describe('lookup', () => {
    it('finds a client of this service by key, with the document masked', async () => {
      const res = await lookup(ana, 'email', BRUNO_EMAIL);
      expect(res.status).toBe(200);
      const d = bruno.document;
      expect(res.body).toEqual({
        success: true,
        data: [
          {
            account_id: bruno.accountId,
            client_id: bruno.clientId,
            name: 'Bruno Lima',
            masked_document: `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`,
            person_type: 'individual',
            branch_number: '0001',
            account_number: await accountNumberOf(bruno),
            account_type: 'payment',
            // The spec's key-type table: "The P2P lookup returns lower case (e.g. `email`)".
            pix_key_type: 'email',
            pix_key_value: BRUNO_EMAIL,
          },
        ],
      });
    });

    it('finds a company by CNPJ key and anyone by account number; the CNPJ mask shows the middle', async () => {
      const byCnpj = await lookup(ana, 'cnpj', loja.document);
      const d = loja.document;
      expect(byCnpj.body.data).toEqual([
        expect.objectContaining({
          account_id: loja.accountId,
          person_type: 'company',
          masked_document: `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`,
        }),
      ]);
      const byNumber = await lookup(ana, 'account_number', await accountNumberOf(bruno));
      expect(byNumber.body.data).toEqual([
        expect.objectContaining({ account_id: bruno.accountId, pix_key_type: null, pix_key_value: null }),
      ]);
    });

    it('answers [] for no match, also for a valid key held outside this service', async () => {
      expect((await lookup(ana, 'email', 'nobody@example.com')).body).toEqual({ success: true, data: [] });
      expect((await lookup(ana, 'evp', '0e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b')).body.data).toEqual([]);
      expect((await lookup(ana, 'account_number', '99999999')).body.data).toEqual([]);
    });

    it.each([
      ['email', 'Not An Email'],
      ['phone', '11999990000'],
      ['cpf', '12345678901'],
      ['cnpj', '123'],
      ['evp', 'not-a-uuid'],
      ['account_number', '12a'],
      ['iban', 'x'],
    ])('refuses a %s search for %j with 400', async (type, value) => {
      const res = await lookup(ana, type, value);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('spends the anti-scan budget: misses run it out, then 429 with Retry-After', async () => {
      const tight = await startApp({ lookupRateLimitPerMinute: 6 });
      try {
        const scanner = await newClient(tight);
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          statuses.push(
            (
              await http(tight)
                .post('/api/v1/pix/p2p/lookup')
                .set(scanner.auth)
                .send({ search_type: 'email', search_value: `scan${i}@example.com` })
            ).status,
          );
        }
        expect(statuses).toContain(429);
        const last = await http(tight)
          .post('/api/v1/pix/p2p/lookup')
          .set(scanner.auth)
          .send({ search_type: 'email', search_value: 'scan@example.com' });
        expect(last.status).toBe(429);
        expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await tight.close();
      }
    });
  });

  describe('transfer', () => {
    it('pays at once: 201, p2p_out and p2p_in with one end-to-end id, a journal, both events, both statements', async () => {
      const anaBefore = Number(await available(ana));
      const brunoBefore = Number(await available(bruno));
      const res = await transfer(ana, { to_account_id: bruno.accountId, amount: '12.34', description: 'Jantar', external_id: 'split-1' });
      expect(res.status).toBe(201);
      const t = res.body.data;
      expect(t).toEqual({
        transaction_id: expect.any(String),
        status: 'completed',
        amount: '12.34',
        end_to_end_id: expect.stringMatching(/^E\d{20}[A-Za-z0-9]{11}$/),
        from_account_id: ana.accountId,
        to_account_id: bruno.accountId,
        to_name: 'Bruno Lima',
        description: 'Jantar',
        external_id: 'split-1',
        created_at: expect.any(String),
      });
      expect(Number(await available(ana))).toBeCloseTo(anaBefore - 12.34, 6);
      expect(Number(await available(bruno))).toBeCloseTo(brunoBefore + 12.34, 6);

      const out = (await http(app).get(`/api/v1/transactions/${t.transaction_id}`).set(ana.auth)).body.data;
      expect(out).toMatchObject({ type: 'p2p_out', status: 'completed', amount: '12.34', e2e: t.end_to_end_id, external_id: 'split-1' });
      expect(out.payer.name).toBe('Ana Souza');
      expect(out.receiver.name).toBe('Bruno Lima');
      expect(out.receiver.document).not.toBe(bruno.document);
      const incoming = (await http(app).get('/api/v1/transactions?type=p2p_in').set(bruno.auth)).body.data.transactions;
      const received = incoming.find((x: { e2e: string }) => x.e2e === t.end_to_end_id);
      expect(received).toMatchObject({ type: 'p2p_in', status: 'completed', amount: '12.34', external_id: null });
      expect(received.payer.name).toBe('Ana Souza');
      expect(received.payer.document).not.toBe(ana.document);
      expect((await http(app).get(`/api/v1/transactions/${received.id}`).set(ana.auth)).status).toBe(404);

      expect(await ledgerOps(app, t.transaction_id)).toEqual(['debit']);
      expect(await ledgerOps(app, received.id)).toEqual(['credit']);
      expect(await outboxTypes(app, t.transaction_id)).toEqual(['p2p.sent']);
      expect(await outboxTypes(app, received.id)).toEqual(['p2p.received']);
      const [owners] = await app
        .get(DataSource)
        .query(
          `SELECT (SELECT client_id FROM outbox_messages WHERE aggregate_id = $1) AS sent, (SELECT client_id FROM outbox_messages WHERE aggregate_id = $2) AS received`,
          [t.transaction_id, received.id],
        );
      expect(owners).toEqual({ sent: ana.clientId, received: bruno.clientId });
    });

    it('counts towards the payer pix_out limits', async () => {
      const before = (await http(app).get('/api/v1/pix/limits').set(ana.auth)).body.limits;
      await transfer(ana, { to_account_id: bruno.accountId, amount: '1.00' });
      const after = (await http(app).get('/api/v1/pix/limits').set(ana.auth)).body.limits;
      const used = (x: { pix_out: { daily: { used: string } } }) => Number(x.pix_out.daily.used);
      expect(used(after) - used(before)).toBeCloseTo(1, 6);
    });

    it.each([
      ['to oneself', () => ({ to_account_id: ana.accountId, amount: '1.00' }), 400, 'SAME_ACCOUNT'],
      [
        'to an unknown account',
        () => ({ to_account_id: '00000000-0000-4000-8000-000000000000', amount: '1.00' }),
        404,
        'ACCOUNT_NOT_FOUND',
      ],
      ['more than the balance', () => ({ to_account_id: bruno.accountId, amount: '999999.00' }), 400, 'INSUFFICIENT_FUNDS'],
      ['three decimals', () => ({ to_account_id: bruno.accountId, amount: '1.001' }), 400, 'VALIDATION_ERROR'],
      ['a malformed account id', () => ({ to_account_id: 'abc', amount: '1.00' }), 400, 'VALIDATION_ERROR'],
      ['an unknown field', () => ({ to_account_id: bruno.accountId, amount: '1.00', fee: '0' }), 400, 'VALIDATION_ERROR'],
    ])('refuses a transfer %s, moving nothing', async (_what, body, status, code) => {
      const before = await available(ana);
      const res = await transfer(ana, body());
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(await available(ana)).toBe(before);
    });

    it('refuses a reused external_id with 409', async () => {
      expect((await transfer(ana, { to_account_id: bruno.accountId, amount: '1.00', external_id: 'once' })).status).toBe(201);
      const again = await transfer(ana, { to_account_id: bruno.accountId, amount: '2.00', external_id: 'once' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('DUPLICATE_EXTERNAL_ID');
    });

    it('refuses what exceeds a cap: 400 LIMIT_EXCEEDED, nothing moved', async () => {
      const small = await newClient(app, { balance: '7000.00' });
      const before = await available(small);
      const res = await transfer(small, { to_account_id: bruno.accountId, amount: '5000.01' }); // over the daytime cap of 5000.00
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('LIMIT_EXCEEDED');
      expect(await available(small)).toBe(before);
    });
  });

  describe('races', () => {
    it('twenty concurrent transfers that together exceed the balance: exactly the ones that fit succeed, none overdraws', async () => {
      const payer = await newClient(app, { balance: '100.00' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => transfer(payer, { to_account_id: bruno.accountId, amount: '7.00' })),
      );
      const ok = answers.filter((a) => a.status === 201).length;
      expect(ok).toBe(14); // 14 x 7.00 = 98.00 <= 100.00 < 15 x 7.00
      expect(answers.filter((a) => a.status !== 201).every((a) => a.body.error.code === 'INSUFFICIENT_FUNDS')).toBe(true);
      expect(await available(payer)).toBe('2.00');
    });

    it('opposite transfers A->B and B->A at the same time never deadlock', async () => {
      const a = await newClient(app, { balance: '100.00' });
      const b = await newClient(app, { balance: '100.00' });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? transfer(a, { to_account_id: b.accountId, amount: '1.00' })
            : transfer(b, { to_account_id: a.accountId, amount: '1.00' }),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(Array(30).fill(201));
      expect(await available(a)).toBe('100.00');
      expect(await available(b)).toBe('100.00');
    });

    it('six concurrent requests with one idempotency key make one transfer', async () => {
      const payer = await newClient(app, { balance: '50.00' });
      const key = '3f2e1d0c-9b8a-4766-8554-433221100fed';
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => transfer(payer, { to_account_id: bruno.accountId, amount: '5.00' }, { 'X-Idempotency-Key': key })),
      );
      const created = answers.filter((a) => a.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((a) => a.body.data.transaction_id)).size).toBe(1);
      for (const a of answers.filter((x) => x.status !== 201)) expect(a.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(await available(payer)).toBe('45.00');
      const replay = await transfer(payer, { to_account_id: bruno.accountId, amount: '5.00' }, { 'X-Idempotency-Key': key });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await available(payer)).toBe('45.00');
    });
  });

  describe('afterwards', () => {
    it('leaves the ledger balanced', async () => {
      const admin = await newAdmin(app);
      const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
    });
  });
});
