import { spawn } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { SecretCipher, webhookSecretsKeyId } from '../../src/modules/webhooks/infrastructure/persistence/secret-cipher.js';
import { clockOf, eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { verifyAsOf, WebhookReceiver } from '../support/webhook-receiver.js';

const LAUNCHER = resolve(process.cwd(), 'scripts/cli.mjs');
const ENTRY = resolve(process.cwd(), 'dist/src/cli.js');

/** Three generations of the webhook secrets key, the JWT_SECRET of the days before it was required, and a key nobody has. */
const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');
const OLD_JWT_SECRET = randomBytes(32).toString('hex');
const LOST_KEY = randomBytes(32).toString('hex');

/** A secret as the version before key ids stored it (`v1.<iv>.<tag>.<ciphertext>`), under the JWT_SECRET fallback. */
function legacyV1(material: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', material, 'instant-payments', 'webhook-signing-secrets', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** `npm run cli -- webhooks:reencrypt` against this file's database, with the given keys. */
function reencrypt(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [LAUNCHER, 'webhooks:reencrypt'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res, rej) => {
    child.on('error', rej);
    child.on('close', (code) => res({ code, stdout, stderr }));
  });
}

interface Hook {
  id: string;
  path: string;
  /** Every secret the receiver must accept a delivery by (the current one, and a rotated one within its overlap). */
  secrets: string[];
}

/**
 * The webhook secrets key rotated in place (docs/adr/0158-webhook-key-rotation-by-key-id.md): webhooks made under
 * key A (one with a rotated secret, one from the JWT_SECRET-fallback days, one under a key no longer held) keep
 * delivering, correctly signed, when the service restarts with key B current and A (and the old JWT_SECRET) as
 * previous keys; `webhooks:reencrypt` then moves every readable secret to B, so the service runs on B alone. A
 * secret no key opens never makes an answer 500: its webhook lists and reads, its deliveries fail as
 * `signing_secret_unavailable` (logged, nothing sent), and a rotation mends it.
 */
describe('rotating WEBHOOK_SECRETS_KEY (e2e)', () => {
  const dbName = `${process.env.TEST_DB_NAME}_wkeys`;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const redisKeyPrefix = `${process.env.REDIS_KEY_PREFIX}_wkeys`;
  const cliEnv = (previous: string[]) => ({
    DATABASE_URL: databaseUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    WEBHOOK_SECRETS_KEY: KEY_B,
    WEBHOOK_SECRETS_PREVIOUS_KEYS: previous.join(','),
  });
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  let db: pg.Client;
  let receiver: WebhookReceiver;
  let app: NestExpressApplication | undefined;
  let c: TestClient;
  const logs: string[] = [];
  let hooks: { current: Hook; rotated: Hook; legacy: Hook; lost: Hook };

  const start = async (key: string, previous: string[]) => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    app = await startApp(
      {
        databaseUrl,
        redisKeyPrefix,
        webhookSecretsKey: key,
        webhookSecretsPreviousKeys: previous,
        webhookAllowPrivateNetworks: true,
        webhookRetryScheduleMs: [50],
        webhookTimeoutMs: 1500,
        logLevel: 'warn',
      },
      undefined,
      stream,
    );
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  const stored = async () =>
    (await db.query(`SELECT id, secret_enc, previous_secret_enc FROM webhooks WHERE client_id = $1`, [c.clientId])).rows as {
      id: string;
      secret_enc: string;
      previous_secret_enc: string | null;
    }[];

  /** One deposit; then each readable webhook's delivery number `n` arrives and verifies with each of its secrets. */
  const depositAndVerify = async (a: NestExpressApplication, n: number, readable: Hook[]) => {
    expect((await http(a).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '1.00' })).status).toBe(200);
    for (const hook of readable) {
      const got = await eventually(async () => receiver.on(hook.path)[n - 1], 15_000);
      for (const secret of hook.secrets) expect(() => verifyAsOf(secret, got, clockOf(a).now())).not.toThrow();
    }
  };

  /** The lost webhook's newest delivery, once it has failed: every try `signing_secret_unavailable`, nothing sent. */
  const failedForItsSecret = async (a: NestExpressApplication, failures: number) => {
    const items = await eventually(async () => {
      const res = await http(a).get(`/api/v1/webhooks/${hooks.lost.id}/deliveries`).query({ status: 'failed' }).set(c.auth);
      expect(res.status).toBe(200);
      const list = res.body.data.items as { id: string; last_error: string }[];
      return list.length >= failures ? list : undefined;
    }, 15_000);
    const detail = await http(a).get(`/api/v1/webhooks/deliveries/${items[0]!.id}`).set(c.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.data.last_error).toBe('signing_secret_unavailable');
    expect(detail.body.data.attempts).toEqual([
      expect.objectContaining({ http_status: null, error: 'signing_secret_unavailable' }),
      expect.objectContaining({ http_status: null, error: 'signing_secret_unavailable' }),
    ]);
    expect(receiver.on(hooks.lost.path)).toEqual([]);
  };

  const listAnswers200 = async (a: NestExpressApplication) => {
    const list = await http(a).get('/api/v1/webhooks').set(c.auth);
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { id: string }) => w.id).sort()).toEqual(
      Object.values(hooks)
        .map((h) => h.id)
        .sort(),
    );
    for (const h of Object.values(hooks)) expect((await http(a).get(`/api/v1/webhooks/${h.id}`).set(c.auth)).status).toBe(200);
  };

  beforeAll(async () => {
    // Never build the shared dist/ from a test: other suites run it.
    if (!existsSync(ENTRY)) throw new Error('dist/src/cli.js is missing: npm test builds it before the e2e suite');
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    db = new pg.Client({ connectionString: databaseUrl });
    receiver = await new WebhookReceiver().start();
  });

  afterAll(async () => {
    await stop();
    await db?.end();
    await receiver?.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  });

  it("under key A: secrets are stored as v2 under key A's id", async () => {
    const a = await start(KEY_A, []);
    await db.connect(); // the app has made the schema
    c = await newClient(a);
    const subscribe = async (path: string) => {
      const res = await http(a)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url(path), events: ['cash_in.completed'] });
      expect(res.status).toBe(201);
      return { id: res.body.data.id as string, path, secrets: [res.body.data.secret as string] };
    };
    const current = await subscribe('/current');
    const rotated = await subscribe('/rotated');
    const turn = await http(a).post(`/api/v1/webhooks/${rotated.id}/rotate-secret`).set(c.auth);
    expect(turn.status).toBe(200);
    rotated.secrets.unshift(turn.body.data.secret as string);
    const legacy = await subscribe('/legacy');
    const lost = await subscribe('/lost');
    hooks = { current, rotated, legacy, lost };

    const kidA = webhookSecretsKeyId(KEY_A);
    for (const row of await stored()) {
      expect(row.secret_enc.startsWith(`v2.${kidA}.`)).toBe(true);
      if (row.id === rotated.id) expect(row.previous_secret_enc?.startsWith(`v2.${kidA}.`)).toBe(true);
    }
    // As the service stored secrets before key ids, when WEBHOOK_SECRETS_KEY fell back to JWT_SECRET; and one
    // stored under a key that is no longer anywhere.
    await db.query(`UPDATE webhooks SET secret_enc = $2 WHERE id = $1`, [legacy.id, legacyV1(OLD_JWT_SECRET, legacy.secrets[0]!)]);
    const lostCipher = new SecretCipher({ webhookSecretsKey: LOST_KEY, webhookSecretsPreviousKeys: [] });
    await db.query(`UPDATE webhooks SET secret_enc = $2 WHERE id = $1`, [lost.id, lostCipher.encrypt(lost.secrets[0]!)]);
    await stop();
  });

  it('restarted with key B current and A and the old JWT_SECRET previous: deliveries verify, the list answers 200', async () => {
    const a = await start(KEY_B, [KEY_A, OLD_JWT_SECRET]);
    await listAnswers200(a);
    await depositAndVerify(a, 1, [hooks.current, hooks.rotated, hooks.legacy]);
    await failedForItsSecret(a, 1);
    expect(logs.join('')).toMatch(new RegExp(`"webhookId":"${hooks.lost.id}".*webhook signing secret unreadable`));
    expect(logs.join('')).not.toContain(LOST_KEY);
  });

  it('webhooks:reencrypt moves every readable secret to key B, once; the unreadable one is counted and left as it is', async () => {
    const before = new Map((await stored()).map((r) => [r.id, r]));
    const first = await reencrypt(cliEnv([KEY_A, OLD_JWT_SECRET]));
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    const kidB = webhookSecretsKeyId(KEY_B);
    // current, legacy: one secret each; rotated: its secret and the previous one.
    expect(JSON.parse(first.stdout)).toEqual({ key_id: kidB, reencrypted: 4, unreadable: 1 });
    for (const row of await stored()) {
      if (row.id === hooks.lost.id) {
        expect(row).toEqual(before.get(row.id));
        continue;
      }
      expect(row.secret_enc.startsWith(`v2.${kidB}.`)).toBe(true);
      if (row.previous_secret_enc !== null) expect(row.previous_secret_enc.startsWith(`v2.${kidB}.`)).toBe(true);
    }
    const again = await reencrypt(cliEnv([KEY_A, OLD_JWT_SECRET]));
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(again.stdout)).toEqual({ key_id: kidB, reencrypted: 0, unreadable: 1 });
    await stop();
  });

  it('with key B alone: deliveries still verify and the list answers 200; rotating the lost secret mends its webhook', async () => {
    const a = await start(KEY_B, []);
    await listAnswers200(a);
    await depositAndVerify(a, 2, [hooks.current, hooks.rotated, hooks.legacy]);
    await failedForItsSecret(a, 2);

    const turn = await http(a).post(`/api/v1/webhooks/${hooks.lost.id}/rotate-secret`).set(c.auth);
    expect(turn.status).toBe(200);
    hooks.lost.secrets = [turn.body.data.secret as string];
    await depositAndVerify(a, 3, [hooks.current, hooks.rotated, hooks.legacy]);
    const got = await eventually(async () => receiver.on(hooks.lost.path)[0], 15_000);
    expect(() => verifyAsOf(hooks.lost.secrets[0]!, got, clockOf(a).now())).not.toThrow();
    // Signed with the new secret alone: the unreadable one has nothing to sign with.
    expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });
});
