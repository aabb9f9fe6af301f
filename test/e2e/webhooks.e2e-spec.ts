import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { clockOf, eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { verifyAsOf, WebhookReceiver } from '../support/webhook-receiver.js';
import { spawnWorker } from '../support/workers.js';

/** The test receiver listens on 127.0.0.1: this file's app allows private targets; a second app shows the refusals. */
const RETRIES = [200, 400];
const CONFIG = { webhookAllowPrivateNetworks: true, webhookRetryScheduleMs: RETRIES, webhookTimeoutMs: 1500 };

const start = (overrides: Parameters<typeof startApp>[0] = CONFIG) => startApp(overrides);

async function subscribe(app: NestExpressApplication, c: TestClient, url: string, events?: string[]) {
  const res = await http(app)
    .post('/api/v1/webhooks')
    .set(c.auth)
    .send(events ? { url, events } : { url });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string; url: string; events: string[]; status: string };
}

function deposit(app: NestExpressApplication, c: TestClient, amount: string) {
  return http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount });
}

async function deliveriesOf(app: NestExpressApplication, c: TestClient, webhookId: string, query = '') {
  const res = await http(app).get(`/api/v1/webhooks/${webhookId}/deliveries${query}`).set(c.auth);
  expect(res.status).toBe(200);
  return res.body.data as { items: { id: string; status: string; event_type: string; attempt_count: number }[]; total: number };
}

async function deliveryOf(app: NestExpressApplication, c: TestClient, id: string) {
  const res = await http(app).get(`/api/v1/webhooks/deliveries/${id}`).set(c.auth);
  expect(res.status).toBe(200);
  return res.body.data as {
    status: string;
    attempt_count: number;
    payload: { id: string; type: string; created_at: string; data: Record<string, unknown> };
    attempts: { attempt: number; resend: boolean; http_status: number | null; latency_ms: number; error: string | null }[];
  };
}

/** Waits until the webhook has a delivery in `status` (the first one listed) and returns it with its tries. */
async function settledDelivery(app: NestExpressApplication, c: TestClient, webhookId: string, status: string, timeoutMs = 15_000) {
  const item = await eventually(async () => (await deliveriesOf(app, c, webhookId, `?status=${status}`)).items[0], timeoutMs);
  return { id: item.id, ...(await deliveryOf(app, c, item.id)) };
}

type Notification = { id: string; type: string; created_at: string; data: Record<string, unknown> };

describe('webhooks (e2e)', () => {
  let app: NestExpressApplication;
  let receiver: WebhookReceiver;
  let path = 0;
  /** A fresh path on the receiver for each webhook, so tests never see each other's deliveries. */
  const nextPath = () => `/hook-${++path}`;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    app = await start();
  });

  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  describe('subscriptions', () => {
    it('creates a webhook (201) with a whsec_ secret shown once, stored encrypted', async () => {
      const c = await newClient(app);
      const url = receiver.url(nextPath());
      const res = await http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url, events: ['cash_in.completed'] });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ url, events: ['cash_in.completed'], status: 'active', disabled_reason: null });
      expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const id = res.body.data.id as string;

      const shown = await http(app).get(`/api/v1/webhooks/${id}`).set(c.auth);
      expect(shown.status).toBe(200);
      expect(shown.body.data.secret).toBeUndefined();
      const list = await http(app).get('/api/v1/webhooks').set(c.auth);
      expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([id]);
      expect(JSON.stringify(list.body)).not.toContain(res.body.data.secret.slice(6));

      const [row] = await app.get(DataSource).query(`SELECT secret_enc FROM webhooks WHERE id = $1`, [id]);
      expect(row.secret_enc).toMatch(/^v2\.[\w-]{8}\./); // v2.<key id>.<iv>.<tag>.<ciphertext>
      expect(row.secret_enc).not.toContain(res.body.data.secret.slice(6));
    });

    it('omitted, empty or ["*"] events mean every event; unknown names and "*" among others are 400', async () => {
      const c = await newClient(app);
      expect((await subscribe(app, c, receiver.url(nextPath()))).events).toEqual(['*']);
      expect((await subscribe(app, c, receiver.url(nextPath()), [])).events).toEqual(['*']);
      expect((await subscribe(app, c, receiver.url(nextPath()), ['*'])).events).toEqual(['*']);
      const bad = await http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url('/x'), events: ['cash_in.completed', 'cash_in.nope', '*'] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_ERROR');
      expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['events[1]', 'events[2]']);
      const internal = await http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url('/x'), events: ['cash_out.queued'] });
      expect(internal.status).toBe(400);
    });

    it('updates (PUT) and deletes; another client gets 404 and changes nothing', async () => {
      const owner = await newClient(app);
      const other = await newClient(app);
      const hook = await subscribe(app, owner, receiver.url(nextPath()));
      const url2 = receiver.url(nextPath());
      for (const call of [
        http(app).get(`/api/v1/webhooks/${hook.id}`).set(other.auth),
        http(app).put(`/api/v1/webhooks/${hook.id}`).set(other.auth).send({ url: url2 }),
        http(app).delete(`/api/v1/webhooks/${hook.id}`).set(other.auth),
        http(app).get(`/api/v1/webhooks/${hook.id}/deliveries`).set(other.auth),
        http(app).post(`/api/v1/webhooks/${hook.id}/rotate-secret`).set(other.auth),
      ]) {
        const res = await call;
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('WEBHOOK_NOT_FOUND');
      }
      expect((await http(app).get('/api/v1/webhooks').set(other.auth)).body.data).toEqual([]);

      const put = await http(app)
        .put(`/api/v1/webhooks/${hook.id}`)
        .set(owner.auth)
        .send({ url: url2, events: ['p2p.received'] });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ id: hook.id, url: url2, events: ['p2p.received'] });
      const del = await http(app).delete(`/api/v1/webhooks/${hook.id}`).set(owner.auth);
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ success: true, message: 'Webhook deleted' });
      expect((await http(app).get(`/api/v1/webhooks/${hook.id}`).set(owner.auth)).status).toBe(404);
      expect((await http(app).delete(`/api/v1/webhooks/${hook.id}`).set(owner.auth)).status).toBe(404);
    });

    it('needs webhooks:read to read and webhooks:write to change', async () => {
      const reader = await newClient(app, { scopes: ['webhooks:read'] });
      const res = await http(app)
        .post('/api/v1/webhooks')
        .set(reader.auth)
        .send({ url: receiver.url('/x') });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
      expect((await http(app).get('/api/v1/webhooks').set(reader.auth)).status).toBe(200);
    });

    it('caps a client at 10 webhooks', async () => {
      const c = await newClient(app);
      await Promise.all(Array.from({ length: 10 }, () => subscribe(app, c, receiver.url('/cap'))));
      const res = await http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url('/cap') });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('WEBHOOK_LIMIT_REACHED');
    });

    it('refuses bad URLs with 400 and a clear body', async () => {
      const c = await newClient(app);
      for (const url of ['http://example.com/hook', 'ftp://example.com', 'not a url', 'https://user:pw@example.com/hook']) {
        const res = await http(app).post('/api/v1/webhooks').set(c.auth).send({ url });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('WEBHOOK_TARGET_NOT_ALLOWED');
        expect(res.body.error.details[0].field).toBe('url');
      }
      for (const body of [{}, { url: 42 }, { url: null }, { url: receiver.url('/x'), events: 'cash_in.completed' }]) {
        const res = await http(app).post('/api/v1/webhooks').set(c.auth).send(body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('target safety without WEBHOOK_ALLOW_PRIVATE_NETWORKS', () => {
    let strict: NestExpressApplication;

    beforeAll(async () => {
      strict = await start({ appRole: 'api', webhookAllowPrivateNetworks: false });
    });

    afterAll(() => strict.close());

    it.each([
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://224.0.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:8.8.8.8]/hook',
      'https://2130706433/hook',
    ])('refuses %s at registration', async (url) => {
      const c = await newClient(strict);
      const res = await http(strict).post('/api/v1/webhooks').set(c.auth).send({ url });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('WEBHOOK_TARGET_NOT_ALLOWED');
    });

    it('refuses at delivery too, on the address connected to (registered when it was allowed)', async () => {
      const c = await newClient(app);
      const p = nextPath();
      const hook = await subscribe(app, c, receiver.url(p));
      // A worker that does not allow private networks takes the delivery: localhost now resolves to a refused address.
      await app.close();
      const worker = await start({ appRole: 'worker', webhookAllowPrivateNetworks: false, webhookRetryScheduleMs: [] });
      try {
        expect((await deposit(strict, c, '1.00')).status).toBe(200);
        const failed = await settledDelivery(strict, c, hook.id, 'failed');
        expect(failed.attempts).toHaveLength(1);
        expect(failed.attempts[0]!.http_status).toBeNull();
        expect(failed.attempts[0]!.error).toBe('address_refused');
        expect(receiver.on(p)).toHaveLength(0);
      } finally {
        await worker.close();
        app = await start();
      }
    });
  });

  describe('delivery', () => {
    it('delivers an event once, signed per Standard Webhooks, with the payload {id, type, created_at, data}', async () => {
      const c = await newClient(app);
      const p = nextPath();
      const hook = await subscribe(app, c, receiver.url(p));
      expect((await deposit(app, c, '12.34')).status).toBe(200);
      const delivered = await settledDelivery(app, c, hook.id, 'delivered');
      const [got] = await eventually(async () => (receiver.on(p).length > 0 ? receiver.on(p) : undefined));
      const body = verifyAsOf<Notification>(hook.secret, got!, clockOf(app).now());
      expect(body.type).toBe('cash_in.completed');
      expect(body.data).toMatchObject({ amount: '12.34', account_id: c.accountId });
      expect(Object.keys(JSON.parse(got!.body))).toEqual(['id', 'type', 'created_at', 'data']);
      expect(got!.headers['webhook-id']).toBe(body.id);
      expect(got!.headers['content-type']).toBe('application/json');
      expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(() => verifyAsOf('whsec_' + Buffer.alloc(32, 1).toString('base64'), got!, clockOf(app).now())).toThrow(
        'No matching signature found',
      );

      expect(delivered.payload).toEqual(body);
      expect(delivered.attempt_count).toBe(1);
      expect(delivered.attempts).toEqual([
        expect.objectContaining({ attempt: 1, resend: false, http_status: 200, error: null, latency_ms: expect.any(Number) }),
      ]);
      expect(JSON.stringify(delivered)).not.toContain(hook.secret.slice(6));
      expect(receiver.on(p)).toHaveLength(1);
    });

    it("sends each client's events to that client's webhooks only, and only the events subscribed", async () => {
      const payer = await newClient(app, { balance: '100.00' });
      const payee = await newClient(app);
      const bystander = await newClient(app);
      const [pp, pe, pb, pf] = [nextPath(), nextPath(), nextPath(), nextPath()];
      await subscribe(app, payer, receiver.url(pp));
      await subscribe(app, payee, receiver.url(pe));
      await subscribe(app, bystander, receiver.url(pb));
      await subscribe(app, payee, receiver.url(pf), ['cash_in.completed']);
      const t = await http(app).post('/api/v1/pix/p2p/transfers').set(payer.auth).send({ to_account_id: payee.accountId, amount: '7.00' });
      expect(t.status).toBe(201);
      await eventually(async () => receiver.on(pp).length === 1 && receiver.on(pe).length === 1);
      expect(JSON.parse(receiver.on(pp)[0]!.body).type).toBe('p2p.sent');
      expect(JSON.parse(receiver.on(pe)[0]!.body).type).toBe('p2p.received');
      // The filtered webhook takes nothing from the transfer, but does take a cash-in.
      expect((await deposit(app, payee, '1.00')).status).toBe(200);
      await eventually(async () => receiver.on(pf).length === 1);
      expect(JSON.parse(receiver.on(pf)[0]!.body).type).toBe('cash_in.completed');
      expect(receiver.on(pb)).toHaveLength(0);
      expect(receiver.on(pp)).toHaveLength(1);
    });

    it('retries a failing target on the schedule and records each try', async () => {
      const c = await newClient(app);
      const p = nextPath();
      receiver.answer(p, (n) => ({ status: n <= 2 ? 500 : 204 }));
      const hook = await subscribe(app, c, receiver.url(p));
      await deposit(app, c, '3.00');
      const d = await settledDelivery(app, c, hook.id, 'delivered');
      expect(d.attempts.map((a) => a.http_status)).toEqual([500, 500, 204]);
      expect(d.attempts.map((a) => a.error)).toEqual(['HTTP 500', 'HTTP 500', null]);
      const got = receiver.on(p);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      // Retries wait at least the schedule's steps.
      expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(RETRIES[0]! - 20);
      expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(RETRIES[1]! - 20);
    });

    it('fails after the last try; resend re-queues it, and a delivered one cannot be resent', async () => {
      const c = await newClient(app);
      const p = nextPath();
      let healthy = false;
      receiver.answer(p, () => ({ status: healthy ? 200 : 503 }));
      const hook = await subscribe(app, c, receiver.url(p));
      await deposit(app, c, '4.00');
      const failed = await settledDelivery(app, c, hook.id, 'failed');
      expect(failed.attempts).toHaveLength(RETRIES.length + 1);
      expect(failed.attempts.every((a) => a.http_status === 503)).toBe(true);

      healthy = true;
      const res = await http(app).post(`/api/v1/webhooks/deliveries/${failed.id}/resend`).set(c.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: {}, message: 'Delivery re-queued' });
      const done = await settledDelivery(app, c, hook.id, 'delivered');
      expect(done.id).toBe(failed.id);
      expect(done.attempts.at(-1)).toMatchObject({ attempt: RETRIES.length + 2, resend: true, http_status: 200 });

      const again = await http(app).post(`/api/v1/webhooks/deliveries/${failed.id}/resend`).set(c.auth);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('DELIVERY_ALREADY_DELIVERED');
      const other = await newClient(app);
      for (const call of [
        http(app).post(`/api/v1/webhooks/deliveries/${failed.id}/resend`).set(other.auth),
        http(app).get(`/api/v1/webhooks/deliveries/${failed.id}`).set(other.auth),
        http(app).get('/api/v1/webhooks/deliveries/not-a-uuid').set(c.auth),
      ]) {
        const r = await call;
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe('DELIVERY_NOT_FOUND');
      }
    });

    it('a 410 disables the webhook; re-enabled, it receives again', async () => {
      const c = await newClient(app);
      const p = nextPath();
      receiver.answer(p, (n) => ({ status: n === 1 ? 410 : 200 }));
      const hook = await subscribe(app, c, receiver.url(p));
      await deposit(app, c, '5.00');
      const failed = await settledDelivery(app, c, hook.id, 'failed');
      expect(failed.attempts).toHaveLength(1);
      const shown = (await http(app).get(`/api/v1/webhooks/${hook.id}`).set(c.auth)).body.data;
      expect(shown).toMatchObject({ status: 'disabled', disabled_reason: 'the target answered 410 Gone' });

      // Disabled: a new event makes no delivery.
      await deposit(app, c, '6.00');
      await eventually(async () => {
        const [row] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM webhook_events WHERE client_id = $1`, [c.clientId]);
        return row.n === 0;
      });
      expect((await deliveriesOf(app, c, hook.id)).total).toBe(1);

      const put = await http(app).put(`/api/v1/webhooks/${hook.id}`).set(c.auth).send({ url: hook.url, enabled: true });
      expect(put.body.data).toMatchObject({ status: 'active', disabled_reason: null });
      await deposit(app, c, '7.00');
      await eventually(async () => receiver.on(p).length === 2);
      expect(JSON.parse(receiver.on(p)[1]!.body).data.amount).toBe('7.00');
    });

    it('a target slower than the timeout is a failed try', async () => {
      const c = await newClient(app);
      const p = nextPath();
      receiver.answer(p, (n) => ({ status: 200, delayMs: n === 1 ? 3000 : 0 }));
      const hook = await subscribe(app, c, receiver.url(p));
      await deposit(app, c, '8.00');
      const d = await settledDelivery(app, c, hook.id, 'delivered');
      expect(d.attempts[0]).toMatchObject({ http_status: null, error: 'timeout' });
      expect(d.attempts[1]).toMatchObject({ http_status: 200 });
    });

    it('a rotated secret signs beside the old one, so either verifies', async () => {
      const c = await newClient(app);
      const p = nextPath();
      const hook = await subscribe(app, c, receiver.url(p));
      const res = await http(app).post(`/api/v1/webhooks/${hook.id}/rotate-secret`).set(c.auth);
      expect(res.status).toBe(200);
      const fresh = res.body.data.secret as string;
      expect(fresh).toMatch(/^whsec_/);
      expect(fresh).not.toBe(hook.secret);
      const overlapMs = Date.parse(res.body.data.previous_secret_expires_at) - clockOf(app).now().getTime();
      expect(Math.abs(overlapMs - 24 * 3600 * 1000)).toBeLessThan(5000);
      await deposit(app, c, '9.00');
      const [got] = await eventually(async () => (receiver.on(p).length > 0 ? receiver.on(p) : undefined));
      expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect(verifyAsOf<Notification>(fresh, got!, clockOf(app).now()).type).toBe('cash_in.completed');
      expect(verifyAsOf<Notification>(hook.secret, got!, clockOf(app).now()).type).toBe('cash_in.completed');
    });

    it('the rescue sweep queues a delivery whose job was lost', async () => {
      const c = await newClient(app);
      const p = nextPath();
      const hook = await subscribe(app, c, receiver.url(p));
      // A pending delivery with no job at all (as after Redis lost it), overdue by ten years: the sweep takes
      // the most overdue first, and deliveries of other files may be pending in this run's database too.
      const ds = app.get(DataSource);
      const [{ id }] = await ds.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, client_id, event_id, event_type, body, status, next_attempt_at, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, gen_random_uuid(), 'cash_in.completed', '{"id":"x","type":"cash_in.completed","created_at":"2026-03-10T15:00:00.000Z","data":{}}',
                 'pending', $3, $3, $3)
         RETURNING id`,
        [hook.id, c.clientId, new Date(clockOf(app).now().getTime() - 10 * 365 * 24 * 3600_000)],
      );
      const { DeliveryRescueScheduler } = await import('../../src/modules/webhooks/infrastructure/queue/delivery-rescue.scheduler.js');
      expect(await app.get(DeliveryRescueScheduler).runOnce()).toBeGreaterThanOrEqual(1);
      const d = await eventually(async () => {
        const got = await deliveryOf(app, c, id);
        return got.status === 'delivered' ? got : undefined;
      });
      expect(d.attempts).toHaveLength(1);
      expect(receiver.on(p)).toHaveLength(1);
    });
  });

  it('a worker killed mid-delivery leaves the try to another worker: delivered, not lost', async () => {
    const c = await newClient(app);
    const p = nextPath();
    receiver.answer(p, (n) => ({ status: 200, delayMs: n === 1 ? 30_000 : 0 }));
    const hook = await subscribe(app, c, receiver.url(p));
    // Only the child worker runs deliveries: this file's app steps aside.
    await app.close();
    const env = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_SCHEDULE: '100ms' };
    const child = spawnWorker(env);
    let rescuer: NestExpressApplication | undefined;
    try {
      app = await start({ appRole: 'api', webhookAllowPrivateNetworks: true });
      await deposit(app, c, '10.00');
      await eventually(async () => receiver.on(p).length === 1, 20_000);
      child.kill('SIGKILL');
      const [row] = await app
        .get(DataSource)
        .query(`SELECT status, attempt_count FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id]);
      expect(row).toEqual({ status: 'pending', attempt_count: 0 });

      rescuer = await start({
        appRole: 'worker',
        webhookAllowPrivateNetworks: true,
        webhookTimeoutMs: 2000,
        webhookRetryScheduleMs: [100],
      });
      const d = await settledDelivery(app, c, hook.id, 'delivered', 30_000);
      expect(d.attempts).toEqual([expect.objectContaining({ attempt: 1, http_status: 200 })]);
      const got = receiver.on(p);
      expect(got).toHaveLength(2);
      expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    } finally {
      child.kill('SIGKILL');
      await rescuer?.close();
    }
  });
});
