import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app.config.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Fair sharing of the delivery slots between clients (docs/webhooks.md, "Fair sharing between clients").
 * The receivers of one client hang until the test lets them answer, and tries never time out here (a 10
 * min timeout), so what the test sees is the order of arrivals, never how fast anything was. Its own Redis
 * prefix: the try timeout sets the queue's stalled-job check period (the lock is the timeout + 5 s), and
 * Bull keeps that period in Redis, where the next file's workers would wait it out before taking a killed
 * worker's job.
 */
const CONFIG = {
  webhookAllowPrivateNetworks: true,
  webhookTimeoutMs: 600_000,
  redisKeyPrefix: `${loadConfig().redisKeyPrefix}_fairness`,
};
/** README: WEBHOOK_CLIENT_CONCURRENCY, 8 of a worker's 32 slots by default. */
const CLIENT_SHARE = 8;

async function subscribe(app: NestExpressApplication, c: TestClient, url: string): Promise<string> {
  const res = await http(app)
    .post('/api/v1/webhooks')
    .set(c.auth)
    .send({ url, events: ['cash_in.completed'] });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function deposit(app: NestExpressApplication, c: TestClient): Promise<void> {
  expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '1.00' })).status).toBe(200);
}

/** The client's deliveries by status. */
async function deliveryStatuses(app: NestExpressApplication, c: TestClient): Promise<Record<string, number>> {
  const rows: { status: string; n: number }[] = await app
    .get(DataSource)
    .query(`SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE client_id = $1 GROUP BY status`, [c.clientId]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

describe('webhook fairness between clients (e2e)', () => {
  let app: NestExpressApplication;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    app = await startApp(CONFIG);
  });

  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  it("one client's hanging receivers hold only its share: another client's delivery arrives meanwhile, and none is lost", async () => {
    const a = await newClient(app);
    const b = await newClient(app);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const hanging = Array.from({ length: 10 }, (_, i) => `/fair-a-${i}`);
    for (const p of hanging) receiver.answer(p, () => ({ status: 200, until: released }));
    for (const p of hanging) await subscribe(app, a, receiver.url(p));
    await subscribe(app, b, receiver.url('/fair-b'));
    const heldOfA = () => hanging.reduce((n, p) => n + receiver.on(p).length, 0);

    // 4 events to 10 webhooks: 40 deliveries, more than a worker's 32 slots.
    for (let i = 0; i < 4; i++) await deposit(app, a);
    await eventually(async () => (await deliveryStatuses(app, a)).pending === 40);
    await eventually(async () => heldOfA() >= CLIENT_SHARE);

    await deposit(app, b);
    await eventually(async () => receiver.on('/fair-b').length === 1, 30_000);
    await eventually(async () => (await deliveryStatuses(app, b)).delivered === 1);
    // B's delivery came and was recorded while every request of A was still held, and A held no more than its share.
    expect(heldOfA()).toBe(CLIENT_SHARE);
    expect(await deliveryStatuses(app, a)).toEqual({ pending: 40 });

    release();
    // None of A's is lost: each of the 4 events reaches each of the 10 webhooks, and every delivery ends delivered.
    // (Put off again and again while held, a job comes back up to a minute later.)
    await eventually(async () => (await deliveryStatuses(app, a)).delivered === 40, 120_000);
    const events = new Set(hanging.flatMap((p) => receiver.on(p).map((r) => r.headers['webhook-id'])));
    expect(events.size).toBe(4);
    for (const p of hanging) expect(new Set(receiver.on(p).map((r) => r.headers['webhook-id']))).toEqual(events);
  }, 180_000);
});
