import { loadConfig } from './app.config.js';

const secret32 = 'x'.repeat(32);

describe('loadConfig', () => {
  it('runs the sandbox by default outside production', () => {
    expect(loadConfig({}).pixProvider).toBe('sandbox');
  });

  it('refuses an unknown provider at start', () => {
    expect(() => loadConfig({ PIX_PROVIDER: 'real-bank' })).toThrow(/PIX_PROVIDER must be one of sandbox/);
  });

  it('in production, runs the sandbox only when PIX_PROVIDER=sandbox is set on purpose', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret32 })).toThrow(/PIX_PROVIDER must be set/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret32, PIX_PROVIDER: 'sandbox' }).pixProvider).toBe('sandbox');
  });

  it('in production, requires a JWT_SECRET of at least 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', JWT_SECRET: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', JWT_SECRET: secret32 }).jwtSecret).toBe(secret32);
  });

  it('bounds every database wait below the idempotency lease by default', () => {
    const c = loadConfig({});
    for (const ms of [c.dbStatementTimeoutMs, c.dbLockTimeoutMs, c.dbPoolTimeoutMs]) expect(ms).toBeLessThan(c.idempotencyLeaseMs / 2);
  });
});
