import { randomInt, randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { ParticipantDirectory } from '../../src/modules/participants/application/participant-directory.js';
import { randomCnpj, randomCpf } from '../support/documents.js';
import { http, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

const KEYS = '/api/v1/pix/keys';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Unique per run: the database is shared with the other test files.
const email = () => `k.${randomUUID().slice(0, 12)}@example.com`;
const phone = () => `+5511${randomInt(900_000_000, 999_999_999)}`;
const at = (key: string) => `${KEYS}/${encodeURIComponent(key)}`;

async function outbox(
  app: NestExpressApplication,
  aggregateId: string,
): Promise<{ event_type: string; payload: Record<string, unknown> }[]> {
  return app.get(DataSource).query(`SELECT event_type, payload FROM outbox_messages WHERE aggregate_id = $1 ORDER BY id`, [aggregateId]);
}

describe('Pix keys (e2e)', () => {
  let app: NestExpressApplication;
  let pspIspb: string;
  let maria: TestClient;
  let joao: TestClient;

  const register = (c: TestClient, body: object) => http(app).post(KEYS).set(c.auth).send(body);

  beforeAll(async () => {
    app = await startApp();
    pspIspb = app.get<AppConfig>(APP_CONFIG).pspIspb;
    maria = await newClient(app, { name: 'Maria Chaves' });
    joao = await newClient(app, { name: 'João Prado' });
  });

  afterAll(() => app.close());

  describe('POST /api/v1/pix/keys', () => {
    it('registers a CPF key (the holder’s own) as the spec’s key record, with key.registered in the outbox', async () => {
      const res = await register(maria, { key_type: 'CPF', key_value: maria.document });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          id: expect.stringMatching(UUID_V4),
          client_id: maria.clientId,
          account_id: maria.accountId,
          key_type: 'CPF',
          key_value: maria.document,
          ispb: pspIspb,
          branch_number: '0001',
          account_type: 'TRAN',
          account_number: expect.stringMatching(/^\d+$/),
          person_type: 'NATURAL_PERSON',
          tax_id: maria.document,
          holder_name: 'Maria Chaves',
          dict_key_id: '',
          dict_status: 'active',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updated_at: res.body.data.created_at,
        },
      });
      const events = await outbox(app, res.body.data.id);
      expect(events).toEqual([
        {
          event_type: 'key.registered',
          payload: expect.objectContaining({ key_type: 'CPF', key_value: maria.document, account_id: maria.accountId }),
        },
      ]);
    });

    it('registers EMAIL and +55 PHONE keys as given', async () => {
      for (const [type, value] of [
        ['EMAIL', email()],
        ['PHONE', phone()],
      ]) {
        const res = await register(maria, { key_type: type, key_value: value });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ key_type: type, key_value: value });
      }
    });

    it('generates the value of an EVP key: a lower-case UUID v4', async () => {
      const res = await register(joao, { key_type: 'EVP' });
      expect(res.status).toBe(200);
      expect(res.body.data.key_value).toMatch(UUID_V4);
    });

    it('registers a CNPJ key for a legal person, who may hold 20 keys', async () => {
      const loja = await newClient(app, { legal: true, name: 'Loja Azul Ltda' });
      const res = await register(loja, { key_type: 'CNPJ', key_value: loja.document });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ person_type: 'LEGAL_PERSON', tax_id: loja.document, holder_name: 'Loja Azul Ltda' });
      for (let i = 0; i < 19; i++) expect((await register(loja, { key_type: 'EVP' })).status).toBe(200);
      const over = await register(loja, { key_type: 'EVP' });
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe('KEY_LIMIT_REACHED');
    });

    const badCpf = () => maria.document.slice(0, 10) + String((Number(maria.document[10]) + 1) % 10);
    it.each([
      ['a CPF with a bad check digit', () => ({ key_type: 'CPF', key_value: badCpf() }), 'INVALID_PIX_KEY', 'key_value'],
      ["someone else's CPF", () => ({ key_type: 'CPF', key_value: joao.document }), 'KEY_OWNER_MISMATCH', 'key_value'],
      ['a CNPJ key for a natural person', () => ({ key_type: 'CNPJ', key_value: randomCnpj() }), 'KEY_OWNER_MISMATCH', 'key_value'],
      ['an upper-case e-mail', () => ({ key_type: 'EMAIL', key_value: email().toUpperCase() }), 'INVALID_PIX_KEY', 'key_value'],
      [
        'a 78-character e-mail',
        () => ({ key_type: 'EMAIL', key_value: `${'a'.repeat(60)}@${'b'.repeat(13)}.com` }),
        'INVALID_PIX_KEY',
        'key_value',
      ],
      ['a phone without +55', () => ({ key_type: 'PHONE', key_value: phone().slice(3) }), 'INVALID_PIX_KEY', 'key_value'],
      ['a foreign phone', () => ({ key_type: 'PHONE', key_value: '+14155550123' }), 'INVALID_PIX_KEY', 'key_value'],
      ['a client-supplied EVP value', () => ({ key_type: 'EVP', key_value: randomUUID() }), 'VALIDATION_ERROR', 'key_value'],
      ['a missing key_value', () => ({ key_type: 'EMAIL' }), 'VALIDATION_ERROR', 'key_value'],
      ['a lower-case key_type', () => ({ key_type: 'email', key_value: email() }), 'VALIDATION_ERROR', 'key_type'],
      ['an unknown field', () => ({ key_type: 'EVP', owner: 'me' }), 'VALIDATION_ERROR', 'owner'],
    ])('400 for %s, naming the field', async (_, body, code, field) => {
      const res = await register(maria, body());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });

    it("404 ACCOUNT_NOT_FOUND for another client's account", async () => {
      const res = await register(maria, { key_type: 'EVP', account_id: joao.accountId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    });

    it('409 KEY_ALREADY_EXISTS for a key another client holds (or you hold already), writing nothing', async () => {
      const value = email();
      expect((await register(joao, { key_type: 'EMAIL', key_value: value })).status).toBe(200);
      for (const c of [maria, joao]) {
        const res = await register(c, { key_type: 'EMAIL', key_value: value });
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe('KEY_ALREADY_EXISTS');
      }
      const [{ n }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM outbox_messages WHERE payload->>'key_value' = $1`, [value]);
      expect(n).toBe(1);
    });

    it('lets only one of two clients racing for the same key have it', async () => {
      const value = email();
      const racers = await Promise.all([newClient(app), newClient(app)]);
      const answers = await Promise.all(racers.map((c) => register(c, { key_type: 'EMAIL', key_value: value })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    });

    it('refuses the 6th key of a natural person with KEY_LIMIT_REACHED, also when requests race', async () => {
      const ana = await newClient(app);
      const answers = await Promise.all(Array.from({ length: 7 }, () => register(ana, { key_type: 'EVP' })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(400);
        expect(a.body.error.code).toBe('KEY_LIMIT_REACHED');
      }
      const freed = answers.find((a) => a.status === 200)!.body.data.key_value;
      expect((await http(app).delete(at(freed)).set(ana.auth).send({})).status).toBe(200);
      expect((await register(ana, { key_type: 'EVP' })).status).toBe(200);
    });

    it('403 INSUFFICIENT_SCOPE for a token without pix:keys:write', async () => {
      const reader = await tokenFor(app, maria.keyId, maria.secret, ['pix:keys:read']);
      const res = await http(app).post(KEYS).set('Authorization', `Bearer ${reader}`).send({ key_type: 'EVP' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
      const del = await http(app).delete(at(maria.document)).set('Authorization', `Bearer ${reader}`).send({});
      expect(del.status).toBe(403);
    });
  });

  describe('GET /api/v1/pix/keys', () => {
    it("lists only the caller's active keys, oldest first", async () => {
      const c = await newClient(app);
      const first = (await register(c, { key_type: 'CPF', key_value: c.document })).body.data;
      const second = (await register(c, { key_type: 'EMAIL', key_value: email() })).body.data;
      const res = await http(app).get(KEYS).set(c.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: [first, second] });
    });

    it('403 for a token without pix:keys:read', async () => {
      const writer = await tokenFor(app, maria.keyId, maria.secret, ['pix:keys:write']);
      expect((await http(app).get(KEYS).set('Authorization', `Bearer ${writer}`)).status).toBe(403);
    });
  });

  describe('GET /api/v1/pix/keys/{key}', () => {
    it('shows your own key in full', async () => {
      const value = phone();
      const created = (await register(maria, { key_type: 'PHONE', key_value: value })).body.data;
      const res = await http(app).get(at(value)).set(maria.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: created });
    });

    it("shows another client's key as the directory does: bank details and name, no ids, masked tax id", async () => {
      const value = email();
      await register(joao, { key_type: 'EMAIL', key_value: value });
      const res = await http(app).get(at(value)).set(maria.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: '',
        client_id: '',
        account_id: '',
        key_type: 'EMAIL',
        key_value: value,
        ispb: pspIspb,
        branch_number: '0001',
        account_type: 'TRAN',
        holder_name: 'João Prado',
        tax_id: `***.${joao.document.slice(3, 6)}.${joao.document.slice(6, 9)}-**`,
        dict_status: 'active',
      });
      expect(JSON.stringify(res.body)).not.toContain(joao.clientId);
      expect(JSON.stringify(res.body)).not.toContain(joao.accountId);
    });

    it('resolves a key held nowhere here to the same simulated account at a listed participant, every time', async () => {
      const value = phone();
      const first = await http(app).get(at(value)).set(maria.auth);
      const again = await http(app).get(at(value)).set(joao.auth);
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.data).toMatchObject({ id: '', key_type: 'PHONE', key_value: value, account_type: 'CACC', dict_status: 'active' });
      expect(first.body.data.ispb).not.toBe(pspIspb);
      expect(app.get(ParticipantDirectory).find(first.body.data.ispb)?.providesAccounts).toBe(true);
      expect(first.body.data.tax_id).toMatch(/^\*\*/);
    });

    it('takes an external CPF key as its holder’s document (masked)', async () => {
      const cpf = randomCpf();
      const res = await http(app).get(at(cpf)).set(maria.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        key_type: 'CPF',
        person_type: 'NATURAL_PERSON',
        tax_id: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      });
    });

    it.each([
      ['a key containing notfound', 'someone.notfound@example.com'],
      ['a value that is no key', 'not a key'],
      ['an upper-case e-mail', 'Maria@Example.com'],
    ])('404 PIX_KEY_NOT_REGISTERED for %s', async (_, value) => {
      const res = await http(app).get(at(value)).set(joao.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('PIX_KEY_NOT_REGISTERED');
    });
  });

  describe('DELETE /api/v1/pix/keys/{key}', () => {
    it("404 for another client's key, which stays theirs", async () => {
      const value = email();
      await register(joao, { key_type: 'EMAIL', key_value: value });
      const res = await http(app).delete(at(value)).set(maria.auth).send({});
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('PIX_KEY_NOT_REGISTERED');
      expect((await http(app).get(KEYS).set(joao.auth)).body.data.map((k: { key_value: string }) => k.key_value)).toContain(value);
    });

    it('deletes your key with a reason (key.deleted in the outbox) and frees it for another client', async () => {
      const [owner, next] = await Promise.all([newClient(app), newClient(app)]);
      const value = email();
      const created = (await register(owner, { key_type: 'EMAIL', key_value: value })).body.data;
      const res = await http(app).delete(at(value)).set(owner.auth).send({ reason: 'FRAUD' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { success: true, message: expect.any(String) } });
      expect((await outbox(app, created.id)).map((e) => [e.event_type, e.payload.reason ?? null])).toEqual([
        ['key.registered', null],
        ['key.deleted', 'FRAUD'],
      ]);
      expect((await http(app).get(KEYS).set(owner.auth)).body.data).toEqual([]);
      expect((await http(app).delete(at(value)).set(owner.auth).send({})).status).toBe(404);
      const taken = await register(next, { key_type: 'EMAIL', key_value: value });
      expect(taken.status).toBe(200);
      expect((await http(app).get(at(value)).set(next.auth)).body.data.client_id).toBe(next.clientId);
    });

    it('defaults the reason to USER_REQUESTED and refuses an unknown one', async () => {
      const c = await newClient(app);
      const evp = (await register(c, { key_type: 'EVP' })).body.data;
      const bad = await http(app).delete(at(evp.key_value)).set(c.auth).send({ reason: 'BORED' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_ERROR');
      expect((await http(app).delete(at(evp.key_value)).set(c.auth)).status).toBe(200);
      const [deleted] = await outbox(app, evp.id).then((events) => events.filter((e) => e.event_type === 'key.deleted'));
      expect(deleted?.payload.reason).toBe('USER_REQUESTED');
    });
  });
});

describe('Pix key look-up anti-scan budget (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({ lookupRateLimitPerMinute: 5 });
  });

  afterAll(() => app.close());

  it('allows 5 hits a minute, then answers 429 RATE_LIMITED with Retry-After', async () => {
    const c = await newClient(app);
    const key = email();
    for (let i = 0; i < 5; i++) expect((await http(app).get(at(key)).set(c.auth)).status).toBe(200);
    const res = await http(app).get(at(key)).set(c.auth);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('charges a miss 5 points, so one miss spends this budget; other clients keep theirs', async () => {
    const scanner = await newClient(app);
    const other = await newClient(app);
    expect((await http(app).get(at('guess.notfound@example.com')).set(scanner.auth)).status).toBe(404);
    expect((await http(app).get(at(email())).set(scanner.auth)).status).toBe(429);
    expect((await http(app).get(at(email())).set(other.auth)).status).toBe(200);
  });
});
