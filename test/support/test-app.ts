import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/config/app.config.js';
import { CreateAdminUseCase } from '../../src/modules/identity/application/create-admin.use-case.js';
import { OnboardClientUseCase } from '../../src/modules/onboarding/application/onboard-client.use-case.js';
import { Clock } from '../../src/shared/time/clock.js';
import { SettableClock } from '../../src/shared/time/settable-clock.js';
import { randomCnpj, randomCpf } from './documents.js';

/**
 * Instants the test clock starts at, so no outcome depends on the hour the suite runs or on TZ:
 * 12:00 and 23:00 in America/Sao_Paulo (UTC-03:00), mid-month, on a weekday.
 */
export const DAYTIME = new Date('2026-03-10T15:00:00.000Z');
export const NIGHTTIME = new Date('2026-03-11T02:00:00.000Z');

/**
 * The real app (real Postgres, real Redis, this run's database and key prefix), not listening. Its clock
 * starts at `clock` (daytime unless given) and runs at real speed; `clockOf(app)` moves it.
 */
export async function startApp(
  overrides: Partial<AppConfig> = {},
  clock: Date = DAYTIME,
  logStream?: NodeJS.WritableStream,
): Promise<NestExpressApplication> {
  const app = await createApp({ ...loadConfig(), ...overrides }, { clock: new SettableClock(clock), logStream });
  await app.init();
  return app;
}

/** The settable clock of an app made by startApp. */
export function clockOf(app: NestExpressApplication): SettableClock {
  return app.get(Clock) as SettableClock;
}

export type Http = ReturnType<typeof request>;

export function http(app: NestExpressApplication) {
  return request(app.getHttpServer());
}

export interface TestClient {
  clientId: string;
  accountId: string;
  keyId: string;
  secret: string;
  token: string;
  document: string;
  name: string;
  /** `Authorization` header for this client's all-scopes token. */
  auth: { Authorization: string };
}

export async function tokenFor(app: NestExpressApplication, keyId: string, secret: string, scopes?: string[]): Promise<string> {
  const res = await http(app)
    .post('/api/v1/auth/bearer-token')
    .set('x-key-id', keyId)
    .set('x-secret-key', secret)
    .send(scopes ? { scopes } : {});
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** A new client with all scopes (or those given), an optional opening balance and a bearer token; a random document unless given. */
export async function newClient(
  app: NestExpressApplication,
  opts: { balance?: string; scopes?: string[]; legal?: boolean; mei?: boolean; name?: string; document?: string } = {},
): Promise<TestClient> {
  const document = opts.document ?? (opts.legal || opts.mei ? randomCnpj() : randomCpf());
  const name = opts.name ?? (opts.legal ? 'Loja Exemplo Ltda' : 'Maria Teste');
  const c = await app.get(OnboardClientUseCase).execute(name, document, opts.scopes, opts.balance, opts.mei);
  const token = await tokenFor(app, c.key_id, c.secret_key);
  return {
    clientId: c.client_id,
    accountId: c.account_id,
    keyId: c.key_id,
    secret: c.secret_key,
    token,
    document,
    name,
    auth: { Authorization: `Bearer ${token}` },
  };
}

export async function newAdmin(app: NestExpressApplication): Promise<{ adminId: string; auth: { Authorization: string } }> {
  const a = await app.get(CreateAdminUseCase).execute('Ops Admin');
  const token = await tokenFor(app, a.key_id, a.secret_key);
  return { adminId: a.admin_id, auth: { Authorization: `Bearer ${token}` } };
}

/** Like newAdmin, plus the admin's API-key pair (to sign in to the queue board). */
export async function newAdminWithKey(
  app: NestExpressApplication,
): Promise<{ adminId: string; keyId: string; secret: string; auth: { Authorization: string } }> {
  const a = await app.get(CreateAdminUseCase).execute('Ops Admin');
  const token = await tokenFor(app, a.key_id, a.secret_key);
  return { adminId: a.admin_id, keyId: a.key_id, secret: a.secret_key, auth: { Authorization: `Bearer ${token}` } };
}

/** Polls `probe` until it returns a truthy value or the deadline passes (no fixed sleeps). */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}
