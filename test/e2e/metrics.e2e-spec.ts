import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { PrometheusMetrics } from '../../src/shared/metrics/prometheus-metrics.js';
import { OutboxRelay } from '../../src/shared/outbox/outbox.relay.js';
import { cashOut, settled } from '../support/payments.js';
import { clockOf, eventually, http, newClient, startApp } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** One sample of the text exposition: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample named `name` whose labels include `labels` (exactly one such sample), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = parse(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(app: NestExpressApplication): Promise<string> {
  const res = await http(app).get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
}

const byKey = (amount: string) => ({ amount, pix_key: 'joana@example.com', pix_key_type: 'EMAIL' });

describe('metrics (e2e)', () => {
  describe('an app with metrics on (APP_ROLE all)', () => {
    let app: NestExpressApplication;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      receiver = await new WebhookReceiver().start();
      app = await startApp({ webhookAllowPrivateNetworks: true, webhookRetryScheduleMs: [200, 400], webhookTimeoutMs: 1500 });
    });

    afterAll(async () => {
      await app.close();
      await receiver.stop();
    });

    it('GET /metrics needs no client token and answers the Prometheus text format', async () => {
      const res = await http(app).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const name of [
        'http_request_duration_seconds',
        'settlement_outcomes_total',
        'webhook_deliveries_total',
        'queue_jobs',
        'queue_oldest_waiting_job_age_seconds',
        'outbox_oldest_unpublished_age_seconds',
        'process_cpu_user_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(res.text).toContain(`# TYPE ${name} `);
      }
    });

    it('times each request under its route template, never the raw URL: refusals by the guard and unmatched paths included', async () => {
      const c = await newClient(app, { balance: '50.00' });
      const created = await cashOut(app, c, byKey('1.00'));
      expect(created.status).toBe(200);
      const id = created.body.transaction_id as string;
      const missing = randomUUID();
      const route = '/api/v1/pix/cash-out/:id';
      const count = (text: string, labels: Record<string, string>) => valueOf(text, 'http_request_duration_seconds_count', labels) ?? 0;
      const before = await scrape(app);

      expect((await http(app).get(`/api/v1/pix/cash-out/${id}`).set(c.auth)).status).toBe(200);
      expect((await http(app).get(`/api/v1/pix/cash-out/${missing}`).set(c.auth)).status).toBe(404);
      expect((await http(app).get(`/api/v1/pix/cash-out/${id}`)).status).toBe(401);
      expect((await http(app).get(`/api/v1/no-such-thing/${missing}`).set(c.auth)).status).toBe(404);
      const malformed = await http(app).post('/api/v1/pix/cash-out').set(c.auth).set('content-type', 'application/json').send('{"amount":');
      expect(malformed.status).toBe(400);

      const after = await scrape(app);
      expect(count(after, { method: 'GET', route, status: '200' }) - count(before, { method: 'GET', route, status: '200' })).toBe(1);
      expect(count(after, { method: 'GET', route, status: '404' }) - count(before, { method: 'GET', route, status: '404' })).toBe(1);
      expect(count(after, { method: 'GET', route, status: '401' }) - count(before, { method: 'GET', route, status: '401' })).toBe(1);
      const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
      expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
      // The body parser refuses before any route is matched: counted, with its real status.
      const refused = { method: 'POST', route: 'unmatched', status: '400' };
      expect(count(after, refused) - count(before, refused)).toBe(1);
      expect(after).not.toContain(id);
      expect(after).not.toContain(missing);
      expect(after).not.toContain('no-such-thing');
      const routes = new Set(
        parse(after)
          .filter((s) => s.name === 'http_request_duration_seconds_count')
          .map((s) => s.labels.route),
      );
      for (const r of routes) expect(r === 'unmatched' || /^\/[a-z0-9/_:-]*$/.test(r!)).toBe(true);
    });

    it('counts settlement outcomes by code once the cash-outs reach their end', async () => {
      const c = await newClient(app, { balance: '100.00' });
      const before = await scrape(app);
      const completed = { outcome: 'completed', code: 'none' };
      const ac03 = { outcome: 'failed', code: 'AC03' };
      const ok = await cashOut(app, c, byKey('10.00'));
      const bad = await cashOut(app, c, byKey('10.91'));
      expect((await settled(app, c, ok.body.transaction_id)).status).toBe('completed');
      expect((await settled(app, c, bad.body.transaction_id)).status).toBe('failed');
      const value = (text: string, labels: Record<string, string>) => valueOf(text, 'settlement_outcomes_total', labels) ?? 0;
      // Counted right after the commit that the status poll saw.
      const after = await eventually(async () => {
        const text = await scrape(app);
        return value(text, completed) > value(before, completed) && value(text, ac03) > value(before, ac03) ? text : undefined;
      });
      expect(value(after, completed) - value(before, completed)).toBeGreaterThanOrEqual(1);
      expect(value(after, ac03) - value(before, ac03)).toBeGreaterThanOrEqual(1);
      expect(value(after, { outcome: 'failed', code: 'AM04' })).toBe(value(before, { outcome: 'failed', code: 'AM04' }));
    });

    it('counts webhook delivery tries by outcome: delivered, retry_scheduled, failed', async () => {
      receiver.answer('/flaky', (n) => ({ status: n === 1 ? 500 : 200 }));
      receiver.answer('/down', () => ({ status: 503 }));
      const before = await scrape(app);
      const value = (text: string, outcome: string) => valueOf(text, 'webhook_deliveries_total', { outcome }) ?? 0;
      for (const path of ['/flaky', '/down']) {
        const c = await newClient(app);
        const hook = await http(app)
          .post('/api/v1/webhooks')
          .set(c.auth)
          .send({ url: receiver.url(path), events: ['cash_in.completed'] });
        expect(hook.status).toBe(201);
        expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '5.00' })).status).toBe(200);
      }
      // /flaky: a retry, then delivered. /down: three tries (two retries), then failed.
      const after = await eventually(async () => {
        const text = await scrape(app);
        return value(text, 'delivered') > value(before, 'delivered') && value(text, 'failed') > value(before, 'failed') ? text : undefined;
      }, 15_000);
      // At least: this process may also be finishing deliveries an earlier test file left in the queue.
      expect(value(after, 'delivered') - value(before, 'delivered')).toBeGreaterThanOrEqual(1);
      expect(value(after, 'failed') - value(before, 'failed')).toBeGreaterThanOrEqual(1);
      expect(value(after, 'retry_scheduled') - value(before, 'retry_scheduled')).toBeGreaterThanOrEqual(3);
      expect(receiver.on('/flaky')).toHaveLength(2);
      expect(receiver.on('/down')).toHaveLength(3);
      expect(after).not.toContain(`localhost:${receiver.port}`);
    });

    it('reports both queues by state, their oldest waiting job, and that every source was read', async () => {
      const text = await scrape(app);
      for (const queue of ['settlement', 'webhooks']) {
        for (const state of ['waiting', 'active', 'delayed', 'paused', 'failed', 'completed']) {
          expect(valueOf(text, 'queue_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
        }
        expect(valueOf(text, 'queue_oldest_waiting_job_age_seconds', { queue })).toBeGreaterThanOrEqual(0);
        expect(valueOf(text, 'metrics_backlog_source_up', { source: queue })).toBe(1);
      }
      expect(valueOf(text, 'metrics_backlog_source_up', { source: 'outbox' })).toBe(1);
      // The cash-outs and deliveries of the tests above ran as jobs that Bull keeps once completed.
      expect(valueOf(text, 'queue_jobs', { queue: 'settlement', state: 'completed' })).toBeGreaterThanOrEqual(2);
      expect(valueOf(text, 'queue_jobs', { queue: 'webhooks', state: 'completed' })).toBeGreaterThanOrEqual(2);
    });
  });

  describe('outbox lag and queue age (APP_ROLE api: nothing relays or consumes on its own)', () => {
    let app: NestExpressApplication;

    beforeAll(async () => {
      app = await startApp({ appRole: 'api' });
    });

    afterAll(() => app.close());

    async function drain(): Promise<void> {
      while ((await app.get(OutboxRelay).relayOnce()) > 0);
    }

    it('the lag is the age of the oldest unpublished event on the app clock, 0 once relayed; the waiting job ages the same way', async () => {
      const c = await newClient(app, { balance: '20.00' });
      await drain(); // earlier rows (this client's opening deposit, other files' leftovers) out of the way
      const created = await cashOut(app, c, byKey('2.00'));
      expect(created.status).toBe(200);
      const [row] = await app
        .get(DataSource)
        .query(`SELECT created_at FROM outbox_messages WHERE aggregate_id = $1 AND published_at IS NULL`, [created.body.transaction_id]);
      const writtenAt = row.created_at as Date;

      clockOf(app).set(writtenAt);
      const fresh = valueOf(await scrape(app), 'outbox_oldest_unpublished_age_seconds')!;
      expect(fresh).toBeGreaterThanOrEqual(0);
      expect(fresh).toBeLessThan(60);

      clockOf(app).set(new Date(writtenAt.getTime() + 2 * 3600_000));
      const late = valueOf(await scrape(app), 'outbox_oldest_unpublished_age_seconds')!;
      expect(late).toBeGreaterThanOrEqual(7200);
      expect(late).toBeLessThan(7200 + 60);

      await drain(); // the cash-out's settlement job now waits in the queue: no worker here
      const text = await scrape(app);
      expect(valueOf(text, 'outbox_oldest_unpublished_age_seconds')).toBe(0);
      expect(valueOf(text, 'queue_jobs', { queue: 'settlement', state: 'waiting' })).toBeGreaterThanOrEqual(1);
      // Queued a moment after the event was written (Bull stamps jobs with the machine's time): about two hours
      // before the app's now (more if an earlier test file left an older job waiting).
      expect(valueOf(text, 'queue_oldest_waiting_job_age_seconds', { queue: 'settlement' })).toBeGreaterThan(7200 - 60);
    });
  });

  describe('settings', () => {
    const TOKEN = 'metrics-e2e-token-0123456789';
    let off: NestExpressApplication;
    let guarded: NestExpressApplication;

    beforeAll(async () => {
      // Two apps in one process, each with its own registry.
      off = await startApp({ appRole: 'api', metricsEnabled: false });
      guarded = await startApp({ appRole: 'api', metricsToken: TOKEN });
    });

    afterAll(async () => {
      await off.close();
      await guarded.close();
    });

    it('METRICS_ENABLED=false: /metrics is 404 with the standard error body, and requests are not timed', async () => {
      const res = await http(off).get('/metrics');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: { code: 'ROUTE_NOT_FOUND' } });
      expect(res.body.request_id).toBe(res.headers['x-request-id']);
      expect((await http(off).get('/health')).status).toBe(200);
      const registry = off.get(PrometheusMetrics).registry;
      expect((await registry.getSingleMetric('http_request_duration_seconds')!.get()).values).toEqual([]);
      expect(registry.getSingleMetric('queue_jobs')).toBeUndefined();
    });

    it('METRICS_TOKEN: 401 without it or with another token (a client token too), 200 with it', async () => {
      const missing = await http(guarded).get('/metrics');
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      const c = await newClient(guarded);
      for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, c.auth.Authorization]) {
        const wrong = await http(guarded).get('/metrics').set('Authorization', auth);
        expect(wrong.status).toBe(401);
        expect(wrong.body).toMatchObject({ success: false, error: { code: 'INVALID_TOKEN' } });
        expect(wrong.text).not.toContain('http_request_duration_seconds');
      }
      const ok = await http(guarded).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('# TYPE http_request_duration_seconds histogram');
      // The refusals above were timed too, under the endpoint's own route.
      expect(valueOf(ok.text, 'http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status: '401' })).toBe(4);
    });
  });
});
