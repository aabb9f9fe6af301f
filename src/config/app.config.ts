import { randomBytes } from 'node:crypto';

export type AppRole = 'api' | 'worker' | 'all';

/** Every environment variable of DECISIONS §12, read once and typed. */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix for every Redis key (Bull queues, rate limits) so test runs and deployments can share a server. */
  redisKeyPrefix: string;
  jwtSecret: string;
  pspIspb: string;
  /** Name this service answers for its own ISPB, which is not in the participant list. */
  pspName: string;
  /** The Central Bank's Pix participant CSV, relative to the working directory unless absolute. */
  participantsFile: string;
  pixProvider: string;
  pixQrBaseUrl: string;
  sandboxSpiLatencyMs: number;
  webhookRetryScheduleSeconds: number[];
  webhookAllowPrivateNetworks: boolean;
  rateLimitPerMinute: number;
  lookupRateLimitPerMinute: number;
  appRole: AppRole;
  migrationsRun: boolean;
  logLevel: string;
  /** How often the outbox relay polls when idle. */
  outboxPollMs: number;
  /** How long one SPI call may take before it counts as a timeout (a transient error, retried). */
  spiTimeoutMs: number;
  /** Settlement job tries before a transient SPI error fails the payment (AB03). */
  settlementMaxAttempts: number;
  /** First retry delay of a settlement job; doubles each try. */
  settlementBackoffMs: number;
  /** Bull lock of an active settlement job; a killed worker's job is taken over after about this long. */
  settlementLockMs: number;
}

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer`);
  return Number(raw);
}

function bool(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === 'true' || raw === '1';
}

/** A per-process secret keeps development simple; production must set JWT_SECRET so processes agree. */
const devSecret = randomBytes(32).toString('hex');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const jwtSecret = env.JWT_SECRET ?? (nodeEnv === 'production' ? '' : devSecret);
  if (!jwtSecret) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const role = (env.APP_ROLE ?? 'all') as AppRole;
  if (!['api', 'worker', 'all'].includes(role)) throw new Error('APP_ROLE must be api, worker or all');
  const ispb = env.PSP_ISPB ?? '99999004';
  if (!/^\d{8}$/.test(ispb)) throw new Error('PSP_ISPB must be 8 digits');
  const schedule = (env.WEBHOOK_RETRY_SCHEDULE ?? '5,300,1800,7200,18000,36000,50400,72000,86400')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (schedule.some((s) => !/^\d+$/.test(s))) throw new Error('WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds');
  return {
    nodeEnv,
    port: int('PORT', 3000, env),
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/instant_payments',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'ips',
    jwtSecret,
    pspIspb: ispb,
    pspName: env.PSP_NAME || 'Instant Payments Sandbox',
    participantsFile: env.PARTICIPANTS_FILE || 'data/lista-participantes-instituicoes-em-adesao-pix-20251223.csv',
    pixProvider: env.PIX_PROVIDER ?? 'sandbox',
    pixQrBaseUrl: env.PIX_QR_BASE_URL ?? 'pix.sandbox.local',
    sandboxSpiLatencyMs: int('SANDBOX_SPI_LATENCY_MS', 100, env),
    webhookRetryScheduleSeconds: schedule.map(Number),
    webhookAllowPrivateNetworks: bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false, env),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1200, env),
    lookupRateLimitPerMinute: int('LOOKUP_RATE_LIMIT_PER_MINUTE', 60, env),
    appRole: role,
    migrationsRun: bool('MIGRATIONS_RUN', true, env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    outboxPollMs: int('OUTBOX_POLL_MS', 200, env),
    // Defaults keep a timed-out payment within 30 s of creation: 4 tries of at most 3 s, waits of 1 s,
    // 2 s and 4 s between them (docs/decisions.md, "Settlement budget").
    spiTimeoutMs: Math.max(100, int('SPI_TIMEOUT_MS', 3000, env)),
    settlementMaxAttempts: Math.max(1, int('SETTLEMENT_MAX_ATTEMPTS', 4, env)),
    settlementBackoffMs: int('SETTLEMENT_BACKOFF_MS', 1000, env),
    settlementLockMs: Math.max(1000, int('SETTLEMENT_LOCK_MS', 10000, env)),
  };
}

/** DI token for the loaded configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
