import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Job, Queue } from 'bull';
import { AppModule } from '../../src/app.module.js';
import { loadConfig } from '../../src/config/app.config.js';
import { QueueBoardModule } from '../../src/modules/queue-board/queue-board.module.js';
import { QUEUE_WEBHOOKS } from '../../src/shared/queue/queue.names.js';
import { http, newAdminWithKey, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

const BOARD = '/admin/queues';
const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

/** The service's error body (docs/conventions.md §3) with this code, echoing the response's request id. */
function expectErrorBody(res: { body: unknown; headers: Record<string, string> }, code: string) {
  expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String) }, request_id: res.headers['x-request-id'] });
}

describe('queue dashboard (e2e)', () => {
  let app: NestExpressApplication;
  let admin: Awaited<ReturnType<typeof newAdminWithKey>>;
  let client: TestClient;
  let webhooks: Queue;

  beforeAll(async () => {
    // An API process (the board's home) with queues of its own: no worker here or in another test file
    // takes the jobs this file puts in them.
    app = await startApp({ appRole: 'api', redisKeyPrefix: `${loadConfig().redisKeyPrefix}_board` });
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

  it('asks for credentials (401, the error body and a Basic challenge) on the page, its assets and its API', async () => {
    for (const path of [BOARD, `${BOARD}/`, `${BOARD}/static/favicon.ico`, `${BOARD}/api/queues`]) {
      const res = await http(app).get(path);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="Bull Board", charset="UTF-8"');
      expectErrorBody(res, 'UNAUTHORIZED');
    }
    const put = await http(app).put(`${BOARD}/api/queues/${QUEUE_WEBHOOKS}/1/retry`);
    expect(put.status).toBe(401);
    expectErrorBody(put, 'UNAUTHORIZED');
    // Only paths under the board: a sibling path is an ordinary unknown route.
    const sibling = await http(app).get(`${BOARD}-other`);
    expect(sibling.status).toBe(404);
    expect(sibling.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses a bad bearer token with 401 and the challenge', async () => {
    const res = await http(app)
      .get(BOARD)
      .set({ Authorization: `${admin.auth.Authorization}x` });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Bull Board"/);
    expectErrorBody(res, 'INVALID_TOKEN');
  });

  it('refuses a client, by token or by key pair, with 403 FORBIDDEN', async () => {
    for (const auth of [client.auth, basic(client.keyId, client.secret)]) {
      for (const path of [BOARD, `${BOARD}/api/queues`]) {
        const res = await http(app).get(path).set(auth);
        expect(res.status).toBe(403);
        expect(res.headers['www-authenticate']).toBeUndefined();
        expectErrorBody(res, 'FORBIDDEN');
      }
    }
  });

  it('serves the dashboard to an admin bearer token, never cached or framed', async () => {
    const res = await http(app).get(BOARD).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`<base href="${BOARD}/"`);
    expect(res.text).toContain('<title>Pix queues</title>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const asset = await http(app).get(`${BOARD}/static/favicon.ico`).set(admin.auth);
    expect(asset.status).toBe(200);
  });

  it("signs an admin's browser in with HTTP Basic (key id : secret key); a wrong pair is 401", async () => {
    const ok = await http(app).get(BOARD).set(basic(admin.keyId, admin.secret));
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('<title>Pix queues</title>');

    for (const auth of [
      basic(admin.keyId, `${admin.secret}x`),
      basic('ak_unknown', admin.secret),
      basic(admin.keyId, ''),
      { Authorization: 'Basic' },
    ]) {
      const res = await http(app).get(BOARD).set(auth);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="Bull Board", charset="UTF-8"');
      expectErrorBody(res, 'INVALID_CREDENTIALS');
    }
  });

  it("lists both of the service's queues in the board's API", async () => {
    const res = await http(app).get(`${BOARD}/api/queues`).set(admin.auth);
    expect(res.status).toBe(200);
    const names = (res.body.queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(['settlement', 'webhooks']);
  });

  it('lets an admin retry a failed job through the board, and nobody else', async () => {
    const job = await failedJob();
    const listed = await http(app).get(`${BOARD}/api/queues?activeQueue=${QUEUE_WEBHOOKS}&status=failed`).set(admin.auth);
    const board = (listed.body.queues as { name: string; counts: Record<string, number>; jobs: { id: string }[] }[]).find(
      (q) => q.name === QUEUE_WEBHOOKS,
    )!;
    expect(board.counts.failed).toBe(1);
    expect(board.jobs.map((j) => j.id)).toEqual([String(job.id)]);

    // A client (token or key pair) and a page on another site (Basic credentials ride along) are refused.
    for (const auth of [client.auth, basic(client.keyId, client.secret)]) {
      const res = await http(app).put(retryPath(job)).set(auth);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
    }
    for (const crossSite of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }]) {
      const res = await http(app).put(retryPath(job)).set(basic(admin.keyId, admin.secret)).set(crossSite);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
    }
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('failed');

    // The board's own page (same origin, Basic credentials) retries it.
    const retried = await http(app).put(retryPath(job)).set(basic(admin.keyId, admin.secret)).set({ 'Sec-Fetch-Site': 'same-origin' });
    expect(retried.status).toBe(204);
    const after = (await webhooks.getJob(job.id))!;
    expect(await after.getState()).toBe('waiting');
    expect(after.failedReason).toBeUndefined();
    const counts = await webhooks.getJobCounts();
    expect(counts).toMatchObject({ failed: 0, waiting: 1 });

    // Retrying it again: no longer failed, so the board refuses (its own 400), nothing moves.
    const again = await http(app).put(retryPath(job)).set(admin.auth);
    expect(again.status).toBe(400);
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('waiting');
  });

  /** A bearer token of the admin's key limited to `scopes`. */
  const limitedTo = async (...scopes: string[]) => ({ Authorization: `Bearer ${await tokenFor(app, admin.keyId, admin.secret, scopes)}` });

  it('reading needs admin:queues:read and changing admin:queues:write: any other admin token is 403 INSUFFICIENT_SCOPE', async () => {
    const limitsOnly = await limitedTo('admin:limits:read');
    const readOnly = await limitedTo('admin:queues:read');
    const writeOnly = await limitedTo('admin:queues:write');
    await webhooks.empty(); // the job an earlier test retried waits there; the next job taken must be ours
    for (const path of [BOARD, `${BOARD}/api/queues`]) {
      const refused = await http(app).get(path).set(limitsOnly);
      expect(refused.status).toBe(403);
      expectErrorBody(refused, 'INSUFFICIENT_SCOPE');
      expect((await http(app).get(path).set(readOnly)).status).toBe(200);
    }
    const job = await failedJob();
    for (const auth of [limitsOnly, readOnly]) {
      const res = await http(app).put(retryPath(job)).set(auth);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'INSUFFICIENT_SCOPE');
    }
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('failed');
    expect((await http(app).put(retryPath(job)).set(writeOnly)).status).toBe(204);
    expect(await (await webhooks.getJob(job.id))!.getState()).toBe('waiting');
    await webhooks.empty();
  });

  it('adds no job, edits no job data, empties or obliterates no queue: 403 FORBIDDEN for every admin', async () => {
    await webhooks.empty();
    const job = await failedJob();
    const before = await webhooks.getJobCounts();
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
      const res = await attempt.set(admin.auth);
      expect(res.status).toBe(403);
      expectErrorBody(res, 'FORBIDDEN');
    }
    expect(await webhooks.getJobCounts()).toEqual(before);
    expect((await webhooks.getJob(job.id))!.data).toEqual({ probe: true });
    await webhooks.empty();
  });
});

describe('queue dashboard: key-pair guessing (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    // Two checks a minute per key id (ten per source), in a key prefix of its own.
    app = await startApp({ appRole: 'api', redisKeyPrefix: `${loadConfig().redisKeyPrefix}_board_rl`, tokenRateLimitPerMinute: 2 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("spends the token endpoint's per-key budget on every Basic pair checked", async () => {
    const guess = (secret: string) => http(app).get(BOARD).set(basic('ak_guessed', secret));
    expect((await guess('one')).status).toBe(401);
    expect((await guess('two')).status).toBe(401);
    const third = await guess('three');
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expectErrorBody(third, 'RATE_LIMITED');
    // The token endpoint shares that budget.
    const token = await http(app).post('/api/v1/auth/bearer-token').set({ 'x-key-id': 'ak_guessed', 'x-secret-key': 'four' }).send({});
    expect(token.status).toBe(429);
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
