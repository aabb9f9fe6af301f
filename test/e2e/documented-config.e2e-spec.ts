import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/config/app.config.js';
import { SettableClock } from '../../src/shared/time/settable-clock.js';
import { DAYTIME, eventually, http, newClient } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Every variable of the table in docs/conventions.md §12 (and the README), written exactly as documented,
 * at its documented default. JWT_SECRET's default is "random per process in development", so it is left
 * unset; `PSP_ISPB`'s is "an 8-digit ISPB". DATABASE_URL and the Redis key prefix stay this run's own (the
 * suite never touches the default `instant_payments` database); REDIS_URL is the documented default.
 */
const DOCUMENTED_DEFAULTS: Record<string, string> = {
  PORT: '3000',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PSP_ISPB: '99999004',
  PIX_PROVIDER: 'sandbox',
  PIX_QR_BASE_URL: 'pix.sandbox.local',
  SANDBOX_SPI_LATENCY_MS: '100',
  WEBHOOK_RETRY_SCHEDULE: '5,300,1800,7200,18000,36000,50400,72000,86400',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false',
  RATE_LIMIT_PER_MINUTE: '1200',
  LOOKUP_RATE_LIMIT_PER_MINUTE: '60',
  APP_ROLE: 'all',
};

/**
 * This run's database and key prefix, a quiet log, and the run's token budget (not a §12 variable: every
 * test of the run asks for tokens from 127.0.0.1, one source address); nothing else of the test
 * environment leaks in.
 */
function environment(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
    TOKEN_RATE_LIMIT_PER_MINUTE: process.env.TOKEN_RATE_LIMIT_PER_MINUTE,
    LOG_LEVEL: 'silent',
    ...DOCUMENTED_DEFAULTS,
    ...overrides,
  };
}

async function boot(env: NodeJS.ProcessEnv): Promise<NestExpressApplication> {
  const app = await createApp(loadConfig(env), { clock: new SettableClock(DAYTIME) });
  await app.init();
  return app;
}

describe('the documented configuration (docs/conventions.md §12)', () => {
  it('starts with every variable at its documented default, and reads each as documented', async () => {
    const config = loadConfig(environment());
    expect(config).toMatchObject({
      port: 3000,
      pspIspb: '99999004',
      pixProvider: 'sandbox',
      pixQrBaseUrl: 'pix.sandbox.local',
      sandboxSpiLatencyMs: 100,
      webhookAllowPrivateNetworks: false,
      rateLimitPerMinute: 1200,
      lookupRateLimitPerMinute: 60,
      appRole: 'all',
    });
    // "seconds before each retry": Standard Webhooks' 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h.
    const h = 3_600_000;
    expect(config.webhookRetryScheduleMs).toEqual([5_000, 300_000, 1_800_000, 2 * h, 5 * h, 10 * h, 14 * h, 20 * h, 24 * h]);
    const app = await boot(environment());
    try {
      const ready = await http(app).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ready');
    } finally {
      await app.close();
    }
  });

  it('WEBHOOK_RETRY_SCHEDULE=1,1,2 (bare seconds) starts, and a failing delivery is retried 1 s, 1 s and 2 s apart', async () => {
    const receiver = await new WebhookReceiver().start();
    // The receiver listens on 127.0.0.1, which only WEBHOOK_ALLOW_PRIVATE_NETWORKS=true may reach.
    const app = await boot(environment({ WEBHOOK_RETRY_SCHEDULE: '1,1,2', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }));
    try {
      const c = await newClient(app);
      receiver.answer('/hook', (n) => ({ status: n <= 3 ? 500 : 204 }));
      const created = await http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url('/hook') });
      expect(created.status).toBe(201);
      expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '1.00' })).status).toBe(200);
      const got = await eventually(async () => {
        const tries = receiver.on('/hook');
        return tries.length >= 4 ? tries : undefined;
      }, 30_000);
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      // Each wait is at least its step in seconds (a schedule read as milliseconds would retry at once).
      const gaps = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at, got[3]!.at - got[2]!.at];
      expect(gaps[0]).toBeGreaterThanOrEqual(1_000 - 20);
      expect(gaps[1]).toBeGreaterThanOrEqual(1_000 - 20);
      expect(gaps[2]).toBeGreaterThanOrEqual(2_000 - 20);
    } finally {
      await app.close();
      await receiver.stop();
    }
  });
});
