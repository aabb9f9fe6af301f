import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { WebhookSender } from '../../src/modules/webhooks/application/webhook-transport.js';
import type { HttpsWebhookSender } from '../../src/modules/webhooks/infrastructure/delivery/https-webhook.sender.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * The delivery log shows why a try failed as a category only, never the network error's text nor an
 * address; ports other than 443 and cloud metadata / wire-server addresses are refused. This file's app
 * allows private networks (its targets are on 127.0.0.1) and makes one try per delivery.
 */
const CONFIG = { webhookAllowPrivateNetworks: true, webhookRetryScheduleMs: [], webhookTimeoutMs: 1500 };
/** Anything that looks like an IPv4 address or an IPv6 one. */
const ADDRESS = /\d+\.\d+\.\d+\.\d+|[0-9a-f]*::[0-9a-f]*|127\.0|localhost/i;

type Attempt = { attempt: number; http_status: number | null; error: string | null };
type Detail = { id: string; status: string; last_error: string | null; attempts: Attempt[] };

async function subscribe(app: NestExpressApplication, c: TestClient, url: string) {
  const res = await http(app)
    .post('/api/v1/webhooks')
    .set(c.auth)
    .send({ url, events: ['cash_in.completed'] });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/** A deposit, and its delivery once it `failed` (one try), as the API shows it (the raw JSON too). */
async function failedDelivery(app: NestExpressApplication, c: TestClient, webhookId: string): Promise<{ detail: Detail; raw: string }> {
  expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '1.00' })).status).toBe(200);
  const id = await eventually(async () => {
    const res = await http(app).get(`/api/v1/webhooks/${webhookId}/deliveries?status=failed`).set(c.auth);
    return (res.body.data?.items as { id: string }[] | undefined)?.[0]?.id;
  }, 15_000);
  const list = await http(app).get(`/api/v1/webhooks/${webhookId}/deliveries`).set(c.auth);
  const res = await http(app).get(`/api/v1/webhooks/deliveries/${id}`).set(c.auth);
  expect(res.status).toBe(200);
  return { detail: res.body.data as Detail, raw: JSON.stringify(list.body) + JSON.stringify({ ...res.body.data, payload: null }) };
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((done) => s.close(() => done()));
  return port;
}

describe('webhook delivery log (e2e)', () => {
  let app: NestExpressApplication;
  let plain: Server;
  let plainPort: number;

  beforeAll(async () => {
    // A plain-HTTP server: an HTTPS client talking to it fails the TLS handshake.
    plain = createHttpServer((_req, res) => res.end('not tls'));
    await new Promise<void>((done) => plain.listen(0, '127.0.0.1', done));
    plainPort = (plain.address() as AddressInfo).port;
    app = await startApp(CONFIG);
  });

  afterAll(async () => {
    await app.close();
    plain.closeAllConnections();
    await new Promise<void>((done) => plain.close(() => done()));
  });

  it('a closed port shows connection_refused, and no address or port anywhere in the log', async () => {
    const c = await newClient(app);
    const port = await closedPort();
    const hook = await subscribe(app, c, `https://127.0.0.1:${port}/closed`);
    const { detail, raw } = await failedDelivery(app, c, hook.id);
    expect(detail.attempts).toEqual([expect.objectContaining({ attempt: 1, http_status: null, error: 'connection_refused' })]);
    expect(detail.last_error).toBe('connection_refused');
    expect(raw).not.toMatch(ADDRESS);
    expect(raw).not.toContain(`:${port}`);
    expect(raw).not.toMatch(/ECONNREFUSED|connect /);
  });

  it('a TLS failure (a plain-HTTP server) shows tls_error', async () => {
    const c = await newClient(app);
    const hook = await subscribe(app, c, `https://127.0.0.1:${plainPort}/plain`);
    const { detail, raw } = await failedDelivery(app, c, hook.id);
    expect(detail.attempts.map((a) => a.error)).toEqual(['tls_error']);
    expect(raw).not.toMatch(ADDRESS);
    expect(raw).not.toMatch(/EPROTO|SSL|wrong version/);
  });

  it('a host that resolves to the Azure wire server at delivery is refused without connecting: address_refused', async () => {
    const c = await newClient(app);
    const hook = await subscribe(app, c, `https://localhost:${plainPort}/rebound`);
    const sender = app.get(WebhookSender) as HttpsWebhookSender;
    let asked = 0;
    sender.lookup = ((_host: string, options: { all?: boolean }, cb: (...a: unknown[]) => void) => {
      asked++;
      process.nextTick(() => (options.all ? cb(null, [{ address: '168.63.129.16', family: 4 }]) : cb(null, '168.63.129.16', 4)));
    }) as unknown as HttpsWebhookSender['lookup'];
    try {
      const { detail, raw } = await failedDelivery(app, c, hook.id);
      expect(detail.attempts.map((a) => a.error)).toEqual(['address_refused']);
      expect(asked).toBeGreaterThan(0);
      expect(raw).not.toMatch(/168\.63/);
    } finally {
      sender.lookup = undefined;
    }
  });

  it('rows holding raw error text (recorded by an older version) are shown as categories', async () => {
    const c = await newClient(app);
    const hook = await subscribe(app, c, `https://127.0.0.1:${await closedPort()}/legacy`);
    const { detail } = await failedDelivery(app, c, hook.id);
    const db = app.get(DataSource);
    await db.query(`UPDATE webhook_delivery_attempts SET error = $2 WHERE delivery_id = $1`, [
      detail.id,
      'DNS lookup 10.20.30.40(family:4, host:db.internal) is not allowed. Because, It is private IP address.',
    ]);
    await db.query(`UPDATE webhook_deliveries SET last_error = $2 WHERE id = $1`, [detail.id, 'connect ECONNREFUSED 10.20.30.40:5432']);
    const res = await http(app).get(`/api/v1/webhooks/deliveries/${detail.id}`).set(c.auth);
    expect(res.body.data.attempts.map((a: Attempt) => a.error)).toEqual(['address_refused']);
    expect(res.body.data.last_error).toBe('connection_refused');
    const list = await http(app).get(`/api/v1/webhooks/${hook.id}/deliveries`).set(c.auth);
    expect(list.body.data.items[0].last_error).toBe('connection_refused');
    expect(JSON.stringify(res.body) + JSON.stringify(list.body)).not.toContain('10.20.30.40');
  });

  describe('registration', () => {
    let strict: NestExpressApplication;

    beforeAll(async () => {
      strict = await startApp({ appRole: 'api', webhookAllowPrivateNetworks: false });
    });

    afterAll(() => strict.close());

    it.each(['https://168.63.129.16/hook', 'https://100.100.100.200/latest/meta-data', 'https://[::ffff:168.63.129.16]/hook'])(
      'refuses the metadata / wire-server address %s, even where private networks are allowed',
      async (url) => {
        for (const a of [strict, app]) {
          const c = await newClient(a);
          const res = await http(a).post('/api/v1/webhooks').set(c.auth).send({ url });
          expect(res.status).toBe(400);
          expect(res.body.error.code).toBe('WEBHOOK_TARGET_NOT_ALLOWED');
          expect(res.body.error.details[0].field).toBe('url');
        }
      },
    );

    it('refuses a port other than 443 (400 VALIDATION_ERROR on url) unless private networks are allowed', async () => {
      const c = await newClient(strict);
      for (const url of ['https://93.184.215.14:8443/hook', 'https://93.184.215.14:22/hook', 'https://hooks.example.com:6379/']) {
        const res = await http(strict).post('/api/v1/webhooks').set(c.auth).send({ url });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.details).toEqual([{ field: 'url', issue: 'must use port 443 (the HTTPS default)' }]);
      }
      const ok = await http(strict).post('/api/v1/webhooks').set(c.auth).send({ url: 'https://93.184.215.14:443/hook' });
      expect(ok.status).toBe(201);
      expect(ok.body.data.url).toBe('https://93.184.215.14:443/hook');
    });
  });
});
