import { createHash } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Job, Queue } from 'bull';
import { AppModule } from '../../src/app.module.js';
import { loadConfig } from '../../src/config/app.config.js';
import { CreateApiKeyUseCase } from '../../src/modules/identity/application/create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from '../../src/modules/identity/application/revoke-api-key.use-case.js';
import { QueueBoardModule } from '../../src/modules/queue-board/queue-board.module.js';
import { QUEUE_WEBHOOKS } from '../../src/shared/queue/queue.names.js';
import { RedisConnection } from '../../src/shared/redis/redis.provider.js';
import { clockOf, http, newAdminWithKey, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

const BOARD = '/admin/queues';
const SIGN_IN = `${BOARD}/sign-in`;
const SIGN_OUT = `${BOARD}/sign-out`;
/** What a browser sends when it loads a page, and when the board's own page posts a form or calls its API. */
const NAVIGATION = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const SESSION_COOKIE = /^queue_board_session=([A-Za-z0-9_-]{43}); Max-Age=900; Path=\/admin\/queues; HttpOnly; SameSite=Strict(; Secure)?$/;
const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

/** The service's error body (docs/conventions.md §3) with this code, echoing the response's request id. */
function expectErrorBody(res: { body: unknown; headers: Record<string, string> }, code: string) {
  expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String) }, request_id: res.headers['x-request-id'] });
}

const setCookies = (res: { headers: Record<string, unknown> }): string[] => (res.headers['set-cookie'] as string[] | undefined) ?? [];

/** Posts the sign-in form as the board's own page does (form-encoded, same origin), with `headers` on top. */
function postSignIn(
  app: NestExpressApplication,
  keyId: string | undefined,
  secret: string | undefined,
  headers: Record<string, string> = {},
) {
  const form: Record<string, string> = {};
  if (keyId !== undefined) form.key_id = keyId;
  if (secret !== undefined) form.secret_key = secret;
  return http(app).post(SIGN_IN).type('form').set(SAME_ORIGIN).set(headers).send(form);
}

/** Signs in and gives the session id and the `Cookie` header a browser would send with it. */
async function signIn(app: NestExpressApplication, keyId: string, secret: string, headers: Record<string, string> = {}) {
  const res = await postSignIn(app, keyId, secret, { ...NAVIGATION, ...headers });
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe(`${BOARD}/`);
  const [cookie] = setCookies(res);
  const id = SESSION_COOKIE.exec(cookie ?? '')?.[1];
  expect(id).toBeDefined();
  return { id: id!, setCookie: cookie!, session: { Cookie: `queue_board_session=${id}` } };
}

/** The Redis key a session is stored under: the digest of its id, never the id. */
const storedAs = (app: NestExpressApplication, prefix: string, id: string) =>
  app.get(RedisConnection).client.get(`${prefix}:board-session:${createHash('sha256').update(id).digest('hex')}`);

describe('queue dashboard (e2e)', () => {
  const prefix = `${loadConfig().redisKeyPrefix}_board`;
  let app: NestExpressApplication;
  let admin: Awaited<ReturnType<typeof newAdminWithKey>>;
  let client: TestClient;
  let webhooks: Queue;

  beforeAll(async () => {
    // An API process (the board's home) with queues of its own: no worker here or in another test file
    // takes the jobs this file puts in them.
    app = await startApp({ appRole: 'api', redisKeyPrefix: prefix });
    admin = await newAdminWithKey(app);
    client = await newClient(app);
    webhooks = app.get<Queue>(getQueueToken(QUEUE_WEBHOOKS));
  });
  afterAll(async () => {
    await webhooks?.empty();
    await app?.close();
  });

  /** A job of the app's webhooks queue that failed its only try (taken as a worker would, then failed). */
  async function failedJob(): Promise<Job> {
    const added = await webhooks.add('board-probe', { probe: true }, { attempts: 1 });
    const taken = (await webhooks.getNextJob()) as Job | undefined;
    expect(taken?.id).toBe(added.id);
    await taken!.moveToFailed({ message: 'target answered 500' });
    const job = (await webhooks.getJob(added.id))!;
    expect(await job.getState()).toBe('failed');
    expect(job.failedReason).toBe('target answered 500');
    return job;
  }

  const retryPath = (job: Job) => `${BOARD}/api/queues/${QUEUE_WEBHOOKS}/${job.id}/retry`;

  /** A key of the test admin holding only `scopes`. */
  const adminKey = async (...scopes: string[]) => app.get(CreateApiKeyUseCase).execute('admin', admin.adminId, scopes);

  it('sends a browser without a session to the sign-in page; the API, assets and scripts get 401 and the error body, no Basic challenge', async () => {
    for (const page of [BOARD, `${BOARD}/`, `${BOARD}/queue/${QUEUE_WEBHOOKS}`]) {
      const res = await http(app).get(page).set(NAVIGATION);
      expect([page, res.status, res.headers.location]).toEqual([page, 303, SIGN_IN]);
    }
    for (const path of [BOARD, `${BOARD}/`, `${BOARD}/static/favicon.ico`, `${BOARD}/api/queues`]) {
      const res = await http(app).get(path);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expectErrorBody(res, 'UNAUTHORIZED');
    }
    const api = await http(app).get(`${BOARD}/api/queues`).set(NAVIGATION);
    expect(api.status).toBe(401);
    const put = await http(app).put(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/1/retry`);
    expect(put.status).toBe(401);
    expectErrorBody(put, 'UNAUTHORIZED');
    // Only paths under the board: a sibling path is an ordinary unknown route.
    const sibling = await http(app).get(`${BOARD}-other`).set(NAVIGATION);
    expect(sibling.status).toBe(404);
  });

  it('serves a sign-in form that runs no script: its CSP allows only its own style and posts to this origin; never cached or framed', async () => {
    const res = await http(app).get(SIGN_IN).set(NAVIGATION);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`<form method="post" action="${SIGN_IN}">`);
    expect(res.text).toContain('name="key_id"');
    expect(res.text).toMatch(/<input id="secret_key" name="secret_key" type="password" autocomplete="off"/);
    expect(res.text).toContain('15 minutes');
    expect(res.text).not.toMatch(/<script/i);
    const csp = res.headers['content-security-policy'] as string;
    const style = /<style>([^<]*)<\/style>/.exec(res.text)![1]!;
    expect(csp.split('; ').sort()).toEqual(
      [
        "default-src 'none'",
        `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].sort(),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect((await http(app).delete(SIGN_IN)).status).toBe(405);
  });

  it('signs an admin in once: a random session id in an HttpOnly, SameSite=Strict cookie for the board, kept in Redis only as a digest, for 15 minutes', async () => {
    const before = clockOf(app).now().getTime();
    const { id, setCookie, session } = await signIn(app, admin.keyId, admin.secret);
    const after = clockOf(app).now().getTime();
    // Plain HTTP here: not Secure (the HTTPS case is below).
    expect(setCookie).not.toContain('Secure');
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);

    const stored = await storedAs(app, prefix, id);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(id);
    expect(stored).not.toContain(admin.secret);
    const record = JSON.parse(stored!) as { admin_id: string; key_id: string; scopes: string[]; expires_at: string };
    expect(record).toMatchObject({ admin_id: admin.adminId, key_id: admin.keyId, scopes: ['admin:queues:read', 'admin:queues:write'] });
    // docs/adr/0180-queue-board-sign-in-once-short-session.md: 15 minutes from sign-in by default (QUEUE_BOARD_SESSION_TTL_SECONDS).
    const expires = Date.parse(record.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 900_000);
    expect(expires).toBeLessThanOrEqual(after + 900_000);
    const ttl = await app.get(RedisConnection).client.pttl(`${prefix}:board-session:${createHash('sha256').update(id).digest('hex')}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(900_000);

    const page = await http(app).get(`${BOARD}/`).set(NAVIGATION).set(session);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<base href="${BOARD}/"`);
    expect(page.text).toContain('<title>Pix queues</title>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-powered-by']).toBeUndefined();
    expect((await http(app).get(`${BOARD}/static/favicon.ico`).set(session)).status).toBe(200);
    const queues = await http(app).get(`${BOARD}/api/queues`).set(session);
    expect(queues.status).toBe(200);
    expect((queues.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual(['settlement', 'webhooks']);
  });

  it('refuses a wrong pair at sign-in (401: on the form for a browser, the error body for a script) and sets no cookie', async () => {
    const onForm = await postSignIn(app, admin.keyId, `${admin.secret}x`, NAVIGATION);
    expect(onForm.status).toBe(401);
    expect(onForm.headers['content-type']).toMatch(/^text\/html/);
    expect(onForm.text).toContain('Unknown key id or wrong secret key.');
    expect(onForm.text).toContain(`<form method="post" action="${SIGN_IN}">`);
    expect(setCookies(onForm)).toEqual([]);

    for (const [keyId, secret] of [
      [admin.keyId, `${admin.secret}x`],
      ['ak_unknown', admin.secret],
      [admin.keyId, undefined],
      [undefined, admin.secret],
    ]) {
      const res = await postSignIn(app, keyId, secret);
      expect(res.status).toBe(401);
      expectErrorBody(res, 'INVALID_CREDENTIALS');
      expect(setCookies(res)).toEqual([]);
    }
  });

  it("refuses a client's key (403 FORBIDDEN) and an admin key without admin:queues:read (403 INSUFFICIENT_SCOPE) at sign-in", async () => {
    const merchant = await postSignIn(app, client.keyId, client.secret);
    expect(merchant.status).toBe(403);
    expectErrorBody(merchant, 'FORBIDDEN');
    const limitsKey = await adminKey('admin:limits:read');
    const limits = await postSignIn(app, limitsKey.key_id, limitsKey.secret_key);
    expect(limits.status).toBe(403);
    expectErrorBody(limits, 'INSUFFICIENT_SCOPE');
    const onForm = await postSignIn(app, limitsKey.key_id, limitsKey.secret_key, NAVIGATION);
    expect(onForm.status).toBe(403);
    expect(onForm.text).toContain('does not hold admin:queues:read');
    for (const res of [merchant, limits, onForm]) expect(setCookies(res)).toEqual([]);
  });

  it('signs in only from its own page: a form posted by another site is 403 and starts no session', async () => {
    for (const crossSite of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }]) {
      const res = await http(app).post(SIGN_IN).type('form').set(crossSite).send({ key_id: admin.keyId, secret_key: admin.secret });
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
      expect(setCookies(res)).toEqual([]);
    }
  });

  it('takes the key pair nowhere but the sign-in form: HTTP Basic or the key headers on the board are 401, a session still works beside a stale Basic header', async () => {
    for (const pair of [basic(admin.keyId, admin.secret), { 'x-key-id': admin.keyId, 'x-secret-key': admin.secret }]) {
      const res = await http(app).get(`${BOARD}/api/queues`).set(pair);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expectErrorBody(res, 'UNAUTHORIZED');
    }
    // A browser that signed in with Basic before may still send it: ignored, never checked.
    const { session } = await signIn(app, admin.keyId, admin.secret);
    const res = await http(app).get(`${BOARD}/api/queues`).set(basic(admin.keyId, 'stale')).set(session);
    expect(res.status).toBe(200);
  });

  it('takes an admin bearer token from scripts; a bad one is 401, a client token 403', async () => {
    const ok = await http(app).get(`${BOARD}/api/queues`).set(admin.auth);
    expect(ok.status).toBe(200);
    const bad = await http(app)
      .get(BOARD)
      .set({ Authorization: `${admin.auth.Authorization}x` });
    expect(bad.status).toBe(401);
    expect(bad.headers['www-authenticate']).toBeUndefined();
    expectErrorBody(bad, 'INVALID_TOKEN');
    for (const path of [BOARD, `${BOARD}/api/queues`]) {
      const res = await http(app).get(path).set(client.auth);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
    }
  });

  it('lets a signed-in admin retry a failed job from the board, and no other site', async () => {
    await webhooks.empty();
    const job = await failedJob();
    const { session } = await signIn(app, admin.keyId, admin.secret);
    const listed = await http(app).get(`${BOARD}/api/queues?activeQueue=${QUEUE_WEBHOOKS}&status=failed`).set(session);
    const board = (listed.body.queues as { name: string; counts: Record<string, number>; jobs: { id: string }[] }[]).find(
      (q) => q.name === QUEUE_WEBHOOKS,
    )!;
    expect(board.counts.failed).toBe(1);
    expect(board.jobs.map((j) => j.id)).toEqual([String(job.id)]);

    // A client's token, and a page on another site (the cookie would ride along) are refused.
    const byClient = await http(app).put(retryPath(job)).set(client.auth);
    expect(byClient.status).toBe(403);
    expectErrorBody(byClient, 'FORBIDDEN');
    for (const crossSite of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }]) {
      const res = await http(app).put(retryPath(job)).set(session).set(crossSite);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
    }
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('failed');

    // The board's own page (same origin, the session cookie) retries it.
    const retried = await http(app).put(retryPath(job)).set(session).set(SAME_ORIGIN);
    expect(retried.status).toBe(204);
    const after = (await webhooks.getJob(job.id))!;
    expect(await after.getState()).toBe('waiting');
    expect(after.failedReason).toBeUndefined();
    expect(await webhooks.getJobCounts()).toMatchObject({ failed: 0, waiting: 1 });

    // Retrying it again: no longer failed, so the board refuses (its own 400), nothing moves.
    const again = await http(app).put(retryPath(job)).set(admin.auth);
    expect(again.status).toBe(400);
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('waiting');
    await webhooks.empty();
  });

  /** A bearer token of the admin's key limited to `scopes`. */
  const limitedTo = async (...scopes: string[]) => ({ Authorization: `Bearer ${await tokenFor(app, admin.keyId, admin.secret, scopes)}` });

  it('reading needs admin:queues:read and changing admin:queues:write, by session or by token: else 403 INSUFFICIENT_SCOPE', async () => {
    const readKey = await adminKey('admin:queues:read');
    const readSession = (await signIn(app, readKey.key_id, readKey.secret_key)).session;
    const limitsOnly = await limitedTo('admin:limits:read');
    const readOnly = await limitedTo('admin:queues:read');
    const writeOnly = await limitedTo('admin:queues:write');
    await webhooks.empty();
    for (const path of [BOARD, `${BOARD}/api/queues`]) {
      const refused = await http(app).get(path).set(limitsOnly);
      expect(refused.status).toBe(403);
      expectErrorBody(refused, 'INSUFFICIENT_SCOPE');
      expect((await http(app).get(path).set(readOnly)).status).toBe(200);
      expect((await http(app).get(path).set(readSession)).status).toBe(200);
    }
    const job = await failedJob();
    const clean = `${BOARD}/api/queues/${QUEUE_WEBHOOKS}/clean/failed`;
    for (const auth of [limitsOnly, readOnly, readSession]) {
      for (const path of [retryPath(job), clean]) {
        const res = await http(app).put(path).set(auth).set(SAME_ORIGIN);
        expect(res.status).toBe(403);
        expectErrorBody(res, 'INSUFFICIENT_SCOPE');
      }
    }
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('failed');
    expect((await http(app).put(retryPath(job)).set(writeOnly)).status).toBe(204);
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('waiting');
    await webhooks.empty();
  });

  it('adds no job, edits no job data, empties or obliterates no queue: 403 FORBIDDEN for every admin, by session or by token', async () => {
    await webhooks.empty();
    const job = await failedJob();
    const before = await webhooks.getJobCounts();
    const { session } = await signIn(app, admin.keyId, admin.secret);
    for (const auth of [admin.auth, session]) {
      const attempts = [
        http(app)
          .post(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/add`)
          .send({ name: 'sandbox.cash_out.return', data: { endToEndId: 'E1' } }),
        http(app)
          .patch(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/${job.id}/update-data`)
          .send({ data: { probe: false } }),
        http(app).put(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/empty`),
        http(app).put(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/obliterate`),
      ];
      for (const attempt of attempts) {
        const res = await attempt.set(auth).set(SAME_ORIGIN);
        expect(res.status).toBe(403);
        expectErrorBody(res, 'FORBIDDEN');
      }
    }
    expect(await webhooks.getJobCounts()).toEqual(before);
    expect((await webhooks.getJob(job.id))!.data).toEqual({ probe: true });
    await webhooks.empty();
  });

  it('signs out with a POST from its own page: the session is gone from Redis and the cookie cleared, so the old cookie is refused', async () => {
    const page = await http(app).get(SIGN_OUT).set(NAVIGATION);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form method="post" action="${SIGN_OUT}">`);
    // The board's header menu links to it.
    expect((await http(app).get(`${BOARD}/`).set(admin.auth)).text).toContain(SIGN_OUT);

    const { id, session } = await signIn(app, admin.keyId, admin.secret);
    const other = await signIn(app, admin.keyId, admin.secret);
    // Another site cannot sign the admin out.
    const crossSite = await http(app).post(SIGN_OUT).set(session).set({ 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await http(app).get(`${BOARD}/api/queues`).set(session)).status).toBe(200);

    const out = await http(app).post(SIGN_OUT).set(session).set(SAME_ORIGIN).set(NAVIGATION);
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe(SIGN_IN);
    expect(setCookies(out)).toEqual(['queue_board_session=; Max-Age=0; Path=/admin/queues; HttpOnly; SameSite=Strict']);
    expect(await storedAs(app, prefix, id)).toBeNull();
    const refused = await http(app).get(`${BOARD}/api/queues`).set(session);
    expect(refused.status).toBe(401);
    expectErrorBody(refused, 'UNAUTHORIZED');
    expect((await http(app).get(BOARD).set(session).set(NAVIGATION)).headers.location).toBe(SIGN_IN);
    // Only that session: the admin's other one goes on.
    expect((await http(app).get(`${BOARD}/api/queues`).set(other.session)).status).toBe(200);
  });

  it('ends a session once its key is revoked (docs/conventions.md §1), and removes it', async () => {
    const ops = await newAdminWithKey(app);
    const { id, session } = await signIn(app, ops.keyId, ops.secret);
    await app.get(RevokeApiKeyUseCase).execute(ops.keyId);
    // This process has not asked about the key since sign-in, so nothing cached says it is active (a
    // cached answer lasts 30 s at most; conventions §1 allows 60).
    const res = await http(app).get(`${BOARD}/api/queues`).set(session);
    expect(res.status).toBe(401);
    expectErrorBody(res, 'UNAUTHORIZED');
    expect(setCookies(res)).toEqual(['queue_board_session=; Max-Age=0; Path=/admin/queues; HttpOnly; SameSite=Strict']);
    expect(await storedAs(app, prefix, id)).toBeNull();
    expect((await postSignIn(app, ops.keyId, ops.secret)).status).toBe(401);
  });

  it("admits no forged cookie: not the stored digest, the admin's or key's id, another admin's id altered, nor a made-up id", async () => {
    const a = await signIn(app, admin.keyId, admin.secret);
    const b = await signIn(app, admin.keyId, admin.secret);
    expect(a.id).not.toBe(b.id);
    const digest = createHash('sha256').update(a.id).digest('hex');
    const flipped = `${a.id.slice(0, -1)}${a.id.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [digest, admin.adminId, admin.keyId, flipped, 'A'.repeat(43), `${a.id}A`, '']) {
      const res = await http(app)
        .get(`${BOARD}/api/queues`)
        .set({ Cookie: `queue_board_session=${forged}` });
      expect([forged, res.status]).toEqual([forged, 401]);
    }
    expect((await http(app).get(`${BOARD}/api/queues`).set(a.session)).status).toBe(200);
  });
});

describe('queue dashboard: budgets, HTTPS and expiry (e2e)', () => {
  const prefix = `${loadConfig().redisKeyPrefix}_board_rl`;
  let app: NestExpressApplication;

  beforeAll(async () => {
    // Two failed checks a minute per key id and source (ten per source), three requests a minute per
    // principal, behind a proxy on loopback, in a key prefix of its own.
    app = await startApp({
      appRole: 'api',
      redisKeyPrefix: prefix,
      tokenRateLimitPerMinute: 2,
      rateLimitPerMinute: 3,
      trustProxy: ['loopback'],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("polls on a session spend no budget: 40 reads pass where the admin's bearer token gets 3 a minute", async () => {
    const ops = await newAdminWithKey(app);
    const { session } = await signIn(app, ops.keyId, ops.secret);
    for (let i = 0; i < 40; i++) {
      const res = await http(app).get(`${BOARD}/api/queues`).set(session);
      expect([i, res.status]).toEqual([i, 200]);
    }
    // The per-principal budget is untouched by those polls, and real: the token gets three.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await http(app).get(`${BOARD}/api/queues`).set(ops.auth)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await http(app).get(`${BOARD}/api/queues`).set(session)).status).toBe(200);
  });

  it("a wrong pair at sign-in spends the token endpoint's failure budget for that key and source: then even the right one is 429 from there", async () => {
    const ops = await newAdminWithKey(app);
    const earlier = await signIn(app, ops.keyId, ops.secret, { 'X-Forwarded-For': '198.51.100.7' });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    expect((await postSignIn(app, ops.keyId, 'one', from('203.0.113.9'))).status).toBe(401);
    expect((await postSignIn(app, ops.keyId, 'two', from('203.0.113.9'))).status).toBe(401);
    const locked = await postSignIn(app, ops.keyId, ops.secret, from('203.0.113.9'));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorBody(locked, 'RATE_LIMITED');
    const onForm = await postSignIn(app, ops.keyId, ops.secret, { ...from('203.0.113.9'), ...NAVIGATION });
    expect(onForm.status).toBe(429);
    expect(Number(onForm.headers['retry-after'])).toBeGreaterThan(0);
    // The token endpoint shares the budget; another source, and a session already made, are unaffected.
    const token = await http(app)
      .post('/api/v1/auth/bearer-token')
      .set(from('203.0.113.9'))
      .set({ 'x-key-id': ops.keyId, 'x-secret-key': ops.secret })
      .send({});
    expect(token.status).toBe(429);
    await signIn(app, ops.keyId, ops.secret, from('203.0.113.10'));
    expect((await http(app).get(`${BOARD}/api/queues`).set(earlier.session)).status).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS (X-Forwarded-Proto from a trusted proxy, TRUST_PROXY)', async () => {
    const ops = await newAdminWithKey(app);
    const { setCookie, session } = await signIn(app, ops.keyId, ops.secret, { 'X-Forwarded-Proto': 'https' });
    expect(setCookie).toMatch(/; Secure$/);
    const out = await http(app).post(SIGN_OUT).set(session).set(SAME_ORIGIN).set({ 'X-Forwarded-Proto': 'https' });
    expect(setCookies(out)).toEqual(['queue_board_session=; Max-Age=0; Path=/admin/queues; HttpOnly; SameSite=Strict; Secure']);
  });

  it('ends a session at its expiry, 15 minutes after sign-in however much it was used (the test clock moves, nobody waits)', async () => {
    const ops = await newAdminWithKey(app);
    const { id, session } = await signIn(app, ops.keyId, ops.secret);
    const expiresAt = Date.parse((JSON.parse((await storedAs(app, prefix, id))!) as { expires_at: string }).expires_at);
    const clock = clockOf(app);
    const start = clock.now();
    try {
      clock.set(new Date(expiresAt - 5_000));
      expect((await http(app).get(`${BOARD}/api/queues`).set(session)).status).toBe(200);
      clock.set(new Date(expiresAt));
      const res = await http(app).get(`${BOARD}/api/queues`).set(session);
      expect(res.status).toBe(401);
      expectErrorBody(res, 'UNAUTHORIZED');
      expect(await storedAs(app, prefix, id)).toBeNull();
      expect((await http(app).get(BOARD).set(session).set(NAVIGATION)).headers.location).toBe(SIGN_IN);
    } finally {
      clock.set(start);
    }
  });
});

describe('queue dashboard: where it is mounted', () => {
  it('is part of API processes (api, all) and not of workers', () => {
    const mounted = (appRole: 'api' | 'worker' | 'all') =>
      (AppModule.register({ ...loadConfig(), appRole }).imports ?? []).includes(QueueBoardModule);
    expect(mounted('api')).toBe(true);
    expect(mounted('all')).toBe(true);
    expect(mounted('worker')).toBe(false);
  });
});
