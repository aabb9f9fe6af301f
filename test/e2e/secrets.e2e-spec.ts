import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app.config.js';
import { CreateAdminUseCase } from '../../src/modules/identity/application/create-admin.use-case.js';
import { CreateApiKeyUseCase } from '../../src/modules/identity/application/create-api-key.use-case.js';
import { webhookSecretsKeyId } from '../../src/modules/webhooks/infrastructure/persistence/secret-cipher.js';
import { clockOf, eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { verifyAsOf, WebhookReceiver } from '../support/webhook-receiver.js';

/** A secret and the forms it could be stored or logged in by mistake. */
interface Needle {
  label: string;
  value: string;
}

/** `sk_…` API secrets: the whole value, its random part, and those 32 bytes as hex. */
function apiSecretNeedles(label: string, secret: string): Needle[] {
  const random = secret.slice('sk_'.length);
  return [
    { label, value: secret },
    { label: `${label} (random part)`, value: random },
    { label: `${label} (hex)`, value: Buffer.from(random, 'base64url').toString('hex') },
  ];
}

/** `whsec_…` signing secrets: the whole value, its base64 payload, the payload as base64url and as hex. */
function webhookSecretNeedles(label: string, secret: string): Needle[] {
  const payload = secret.slice('whsec_'.length);
  const bytes = Buffer.from(payload, 'base64');
  return [
    { label, value: secret },
    { label: `${label} (base64 payload)`, value: payload },
    { label: `${label} (base64url)`, value: bytes.toString('base64url') },
    { label: `${label} (hex)`, value: bytes.toString('hex') },
  ];
}

const found = (text: string, needles: Needle[]) => needles.filter((n) => text.includes(n.value)).map((n) => n.label);

interface DeliveryDetail {
  id: string;
  status: string;
  payload: unknown;
  attempts: { http_status: number | null; error: string | null }[];
}

/**
 * API-key secrets are stored hashed and webhook signing secrets encrypted: after a client, an admin, keys,
 * webhooks (one rotated), deliveries that succeed and fail, and a round of wrong credentials, no column of
 * any table, no Redis value, no log line (debug level), no error body and no delivery record holds one.
 */
describe('secrets never at rest in plain text, nor in logs or answers (e2e)', () => {
  let app: NestExpressApplication;
  let receiver: WebhookReceiver;
  const logs: string[] = [];
  let c: TestClient;
  let needles: Needle[];
  /** Every answer of the scenario except the two that show a webhook secret once by design (create, rotate). */
  const answers: { what: string; res: Response }[] = [];
  let hook: { id: string; url: string };
  let secrets: { first: string; rotated: string };
  let delivered: DeliveryDetail;
  let failed: DeliveryDetail;
  let received: { headers: Record<string, string>; body: string }[];

  const record = async (what: string, req: PromiseLike<Response>) => {
    const res = await req;
    answers.push({ what, res });
    return res;
  };
  const detail = async (id: string) =>
    (await record(`GET delivery ${id}`, http(app).get(`/api/v1/webhooks/deliveries/${id}`).set(c.auth))).body.data as DeliveryDetail;
  /** The webhook's first delivery in `status`, once it is there. */
  const deliveryIn = async (webhookId: string, status: string) => {
    const item = await eventually(async () => {
      const res = await http(app).get(`/api/v1/webhooks/${webhookId}/deliveries`).query({ status }).set(c.auth);
      return (res.body.data?.items as { id: string }[] | undefined)?.[0];
    }, 15_000);
    return detail(item.id);
  };

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    receiver = await new WebhookReceiver().start();
    receiver.answer('/failing', () => ({ status: 500 }));
    app = await startApp(
      { logLevel: 'debug', webhookAllowPrivateNetworks: true, webhookRetryScheduleMs: [50], webhookTimeoutMs: 1500 },
      undefined,
      stream,
    );

    // Credentials: a client's key from onboarding, a second key of the client, an admin's key.
    c = await newClient(app, { balance: '100.00' });
    const second = await app.get(CreateApiKeyUseCase).execute('client', c.clientId, ['pix:balance:read']);
    const admin = await app.get(CreateAdminUseCase).execute('Secrets Admin');
    const tokenRes = await record(
      'token',
      http(app).post('/api/v1/auth/bearer-token').set('x-key-id', second.key_id).set('x-secret-key', second.secret_key).send({}),
    );
    expect(tokenRes.status).toBe(200);

    // Webhooks: one delivered to (its secret rotated first, so deliveries are signed with both), one failing.
    const created = await http(app)
      .post('/api/v1/webhooks')
      .set(c.auth)
      .send({ url: receiver.url('/ok'), events: ['cash_in.completed'] });
    expect(created.status).toBe(201);
    hook = created.body.data;
    const rotated = await http(app).post(`/api/v1/webhooks/${hook.id}/rotate-secret`).set(c.auth);
    expect(rotated.status).toBe(200);
    secrets = { first: created.body.data.secret, rotated: rotated.body.data.secret };
    const failing = await http(app)
      .post('/api/v1/webhooks')
      .set(c.auth)
      .send({ url: receiver.url('/failing'), events: ['cash_in.completed'] });
    expect(failing.status).toBe(201);

    needles = [
      ...apiSecretNeedles('client secret (onboarding)', c.secret),
      ...apiSecretNeedles('client secret (second key)', second.secret_key),
      ...apiSecretNeedles('admin secret', admin.secret_key),
      ...webhookSecretNeedles('webhook secret', secrets.first),
      ...webhookSecretNeedles('rotated webhook secret', secrets.rotated),
      ...webhookSecretNeedles('failing webhook secret', failing.body.data.secret),
      // The service's own keys, while at it.
      { label: 'JWT_SECRET', value: loadConfig().jwtSecret },
      { label: 'WEBHOOK_SECRETS_KEY', value: loadConfig().webhookSecretsKey },
    ];

    expect((await record('deposit', http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '12.34' }))).status).toBe(200);
    delivered = await deliveryIn(hook.id, 'delivered');
    failed = await deliveryIn(failing.body.data.id, 'failed');
    received = receiver.on('/ok');

    // Wrong credentials and misplaced secrets: each is refused, and none may echo what it was given.
    const token = (headers: Record<string, string>, body: object = {}) =>
      record(`token ${JSON.stringify(Object.keys(headers))}`, http(app).post('/api/v1/auth/bearer-token').set(headers).send(body));
    const wrong = c.secret.slice(0, -1) + (c.secret.endsWith('A') ? 'B' : 'A');
    expect((await token({ 'x-key-id': c.keyId, 'x-secret-key': wrong })).status).toBe(401);
    expect((await token({ 'x-key-id': c.keyId, 'x-secret-key': admin.secret_key })).status).toBe(401);
    expect((await token({ 'x-key-id': c.secret, 'x-secret-key': c.keyId })).status).toBe(401);
    expect((await token({ 'x-key-id': `${c.keyId} ${c.secret}`, 'x-secret-key': c.secret })).status).toBe(401);
    expect((await token({ 'x-secret-key': c.secret })).status).toBe(401);
    expect((await token({ 'x-key-id': c.keyId, 'x-secret-key': c.secret }, { scopes: ['admin:ledger:read'] })).status).toBe(400);
    const balance = (what: string, auth: string) => record(what, http(app).get('/api/v1/pix/balance').set('Authorization', auth));
    expect((await balance('secret as bearer', `Bearer ${c.secret}`)).status).toBe(401);
    expect((await balance('secret as the header', c.secret)).status).toBe(401);
    expect((await balance('basic', `Basic ${Buffer.from(`${c.keyId}:${c.secret}`).toString('base64')}`)).status).toBe(401);
    expect((await balance('webhook secret as bearer', `Bearer ${secrets.rotated}`)).status).toBe(401);
    const inQuery = await record('secret in the query', http(app).get('/api/v1/pix/balance').query({ secret: c.secret }).set(c.auth));
    expect(inQuery.status).toBe(400);
    const charge = (what: string, secret: string) =>
      record(
        what,
        http(app)
          .post('/api/v1/pix/cash-in/qrcode')
          .set('x-key-id', c.keyId)
          .set('x-secret-key', secret)
          .send({ amount: '1.00', reference: 'secrets' }),
      );
    expect((await charge('charge with a wrong key pair', wrong)).status).toBe(401);
    // The right pair is accepted: the charge is made (under an EVP key the service registers for the account).
    expect((await charge('charge with the key pair', c.secret)).status).toBe(200);
    const resend = await record('resend delivered', http(app).post(`/api/v1/webhooks/deliveries/${delivered.id}/resend`).set(c.auth));
    expect(resend.status).toBe(409);
    const badUrl = await record('PUT bad url', http(app).put(`/api/v1/webhooks/${hook.id}`).set(c.auth).send({ url: 'http://x' }));
    expect(badUrl.status).toBe(400);
    // What a client reads of its webhooks afterwards.
    await record('GET webhook', http(app).get(`/api/v1/webhooks/${hook.id}`).set(c.auth));
    await record('GET webhooks', http(app).get('/api/v1/webhooks').set(c.auth));
    await record('GET deliveries', http(app).get(`/api/v1/webhooks/${hook.id}/deliveries`).set(c.auth));
    await new Promise((r) => setImmediate(r));
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.stop();
  });

  it('the secrets are real: the keys get tokens, and deliveries verify with both webhook secrets', async () => {
    expect(secrets.first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(c.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(delivered.attempts[0]?.http_status).toBe(200);
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(() => verifyAsOf(secrets.first, r, clockOf(app).now())).not.toThrow();
      expect(() => verifyAsOf(secrets.rotated, r, clockOf(app).now())).not.toThrow();
    }
    expect(failed.attempts.length).toBeGreaterThan(0);
    expect(failed.attempts.every((a) => a.http_status === 500)).toBe(true);
  });

  it('no text, varchar, json(b), array or bytea column of any table holds a secret; the hashes and ciphertexts are there', async () => {
    const db = app.get(DataSource);
    const columns: { schema: string; table: string; column: string; type: string }[] = await db.query(
      `SELECT c.table_schema AS schema, c.table_name AS "table", c.column_name AS column, c.data_type AS type
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
          AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'USER-DEFINED')
               OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar', '_json', '_jsonb')))
        ORDER BY 1, 2, 3`,
    );
    const tables = new Map<string, typeof columns>();
    for (const col of columns) tables.set(`${col.schema}.${col.table}`, [...(tables.get(`${col.schema}.${col.table}`) ?? []), col]);
    expect(tables.has('public.api_keys')).toBe(true);
    expect(tables.has('public.webhooks')).toBe(true);
    expect(tables.has('public.webhook_deliveries')).toBe(true);
    expect(tables.has('public.webhook_delivery_attempts')).toBe(true);

    const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
    /** Per column, the needles (by index) some row of it contains. */
    const search = async (values: string[]) => {
      const hits: string[] = [];
      for (const cols of tables.values()) {
        const from = `${q(cols[0]!.schema)}.${q(cols[0]!.table)}`;
        const match = (col: (typeof cols)[number]) =>
          col.type === 'bytea'
            ? `position(convert_to(n.v, 'UTF8') in r.${q(col.column)}) > 0`
            : `strpos(r.${q(col.column)}::text, n.v) > 0`;
        const select = cols.map(
          (col, i) =>
            `ARRAY(SELECT DISTINCT n.i::int FROM ${from} r, unnest($1::text[]) WITH ORDINALITY n(v, i) WHERE ${match(col)}) AS c${i}`,
        );
        const [row] = (await db.query(`SELECT ${select.join(', ')}`, [values])) as Record<string, number[]>[];
        cols.forEach((col, i) => {
          for (const n of row![`c${i}`] ?? []) hits.push(`${col.table}.${col.column}: ${n}`);
        });
      }
      return hits;
    };

    // The search sees what is stored in plain text on purpose: a key id, a webhook URL, the event id in a delivery body.
    expect(await search([c.keyId, hook.url, (delivered.payload as { id: string }).id])).toEqual(
      expect.arrayContaining(['api_keys.key_id: 1', 'webhooks.url: 2', 'webhook_deliveries.body: 3']),
    );
    const hits = await search(needles.map((n) => n.value));
    expect(hits.map((h) => `${h.split(': ')[0]} holds ${needles[Number(h.split(': ')[1]) - 1]!.label}`)).toEqual([]);

    // Stored as a SHA-256 of the secret, and as AES-GCM ciphertexts (current and previous secret).
    const [key] = await db.query(`SELECT secret_hash FROM api_keys WHERE key_id = $1`, [c.keyId]);
    expect(key.secret_hash).toBe(createHash('sha256').update(c.secret).digest('hex'));
    const [row] = await db.query(`SELECT secret_enc, previous_secret_enc FROM webhooks WHERE id = $1`, [hook.id]);
    // v2.<key id>.<iv>.<tag>.<ciphertext>, both under the current key.
    const underCurrentKey = new RegExp(`^v2\\.${webhookSecretsKeyId(loadConfig().webhookSecretsKey)}\\.`);
    expect(row.secret_enc).toMatch(underCurrentKey);
    expect(row.previous_secret_enc).toMatch(underCurrentKey);
    expect(row.secret_enc).not.toBe(row.previous_secret_enc);
  });

  it('no Redis value or key of this run (queues, jobs, rate limits) holds a secret', async () => {
    const { redisUrl, redisKeyPrefix } = loadConfig();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      const texts: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}:*`, 'COUNT', 500);
        cursor = next;
        for (const key of keys) {
          const type = await redis.type(key);
          const values =
            type === 'string'
              ? [await redis.get(key)]
              : type === 'hash'
                ? Object.entries(await redis.hgetall(key)).flat()
                : type === 'list'
                  ? await redis.lrange(key, 0, -1)
                  : type === 'set'
                    ? await redis.smembers(key)
                    : type === 'zset'
                      ? await redis.zrange(key, 0, -1)
                      : [];
          texts.push(`${key}\n${values.join('\n')}`);
        }
      } while (cursor !== '0');
      const all = texts.join('\n');
      // The scan sees this run's queue: the delivery jobs name the delivery.
      expect(all).toContain(delivered.id);
      expect(found(all, needles)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('no log line (debug level) holds a secret', () => {
    const logged = logs.join('');
    // The capture works: the token endpoint and its refusals were logged.
    expect(logged).toContain('/api/v1/auth/bearer-token');
    expect(logged).toMatch(/"statusCode":401/);
    expect(found(logged, needles)).toEqual([]);
  });

  it('no error body or other answer holds a secret (only the webhook create and rotate answers show one, once)', () => {
    expect(answers.filter((a) => a.res.status >= 400).length).toBeGreaterThanOrEqual(12);
    const leaks = answers.flatMap(({ what, res }) =>
      found(`${JSON.stringify(res.headers)}\n${res.text}`, needles).map((n) => `${what} (${res.status}): ${n}`),
    );
    expect(leaks).toEqual([]);
    // Nor does the bearer token, a signed but readable JWT.
    const token = answers.find((a) => a.what === 'token')!.res.body.token as string;
    const claims = Buffer.from(token.split('.')[1]!, 'base64url').toString();
    expect(found(`${token}\n${claims}`, needles)).toEqual([]);
  });

  it('no delivery record or notification holds a secret: API answers, database rows, what the receiver got', async () => {
    expect(found(JSON.stringify([delivered, failed]), needles)).toEqual([]);
    const db = app.get(DataSource);
    const rows = await db.query(
      `SELECT d.*, (SELECT json_agg(a) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts
         FROM webhook_deliveries d WHERE d.id = ANY($1::uuid[])`,
      [[delivered.id, failed.id]],
    );
    expect(rows).toHaveLength(2);
    expect(found(JSON.stringify(rows), needles)).toEqual([]);
    // On the wire: the signature is an HMAC, never the secret.
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(found(JSON.stringify(received), needles)).toEqual([]);
  });
});
