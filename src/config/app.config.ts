import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type AppRole = 'api' | 'worker' | 'all';

/** Every environment variable of docs/conventions.md §12, read once and typed. */
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
  /** Which adapters serve the Pix ports (DICT, SPI, QR payloads); loadConfig refuses any other value. */
  pixProvider: (typeof PIX_PROVIDERS)[number];
  pixQrBaseUrl: string;
  /** Merchant city (field 60) of the BR Codes of charges: up to 15 ASCII characters. */
  pixMerchantCity: string;
  /** Other institutions' QR payload and key-set URLs may resolve to loopback, private... addresses (development and tests only). */
  pixQrAllowPrivateNetworks: boolean;
  /**
   * The roots a QR payload's signing certificate must chain up to: PEM text or the path of a PEM bundle;
   * empty: Node's bundled root certificates (the public web PKI).
   */
  pixQrTrustRoots: string;
  /** One fetch of another institution's QR payload or key set must be answered within this long. */
  pixQrFetchTimeoutMs: number;
  /** The payer's municipality (IBGE code, 7 digits) sent as `codMun` when fetching a due-date charge's payload. */
  pixQrMunicipalityCode: string;
  sandboxSpiLatencyMs: number;
  rateLimitPerMinute: number;
  lookupRateLimitPerMinute: number;
  appRole: AppRole;
  migrationsRun: boolean;
  logLevel: string;
  /** How often the outbox relay polls when idle. */
  outboxPollMs: number;
  /** How long one SPI call may take before it counts as a timeout (a transient error, retried). */
  spiTimeoutMs: number;
  /**
   * MED's timeline (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md): claims up to
   * `claimWindowDays` after the payment, `analysisDays` to answer from the opening, the precautionary hold
   * at most `blockHours`.
   */
  medTimeline: { claimWindowDays: number; analysisDays: number; blockHours: number };
  /** Settlement job tries before a transient SPI error fails the payment (AB03). */
  settlementMaxAttempts: number;
  /** First retry delay of a settlement job; doubles each try. */
  settlementBackoffMs: number;
  /** Bull lock of an active settlement job; a killed worker's job is taken over after about this long. */
  settlementLockMs: number;
  /** A cash-out not terminal this long after its last change is re-driven by the reconciliation sweep. */
  reconcileAfterMs: number;
  /** How often each worker runs the reconciliation sweep. */
  reconcileIntervalMs: number;
  /** Bound of any one SQL statement. */
  dbStatementTimeoutMs: number;
  /** Bound of any wait for a row or table lock. */
  dbLockTimeoutMs: number;
  /** Bound of a wait for a pooled connection (and of connecting). */
  dbPoolTimeoutMs: number;
  /** A session left idle inside a transaction this long is ended by Postgres (a backstop: no code path waits there). */
  dbIdleInTransactionTimeoutMs: number;
  /**
   * Group commit of payment creation (docs/adr/0246-group-commit.md): a batch closes after `windowMs` or at
   * `maxSize` units of work, and at most `concurrency` batches run at once per process; `maxSize` 1 turns it
   * off (each request its own transaction).
   */
  moneyBatch: { windowMs: number; maxSize: number; concurrency: number };
  /**
   * Statement downloads (docs/adr/0239-statements-read-in-pages-from-a-cut.md): at most `perClient` of one client's
   * and `perProcess` in all at once per API process; a reader that takes nothing for `stallMs` is cut off.
   */
  statementDownloads: { perClient: number; perProcess: number; stallMs: number };
  /**
   * Failed API-key credential checks (token endpoint, key pair on cash-in) per minute per key id and source
   * address; per source address, whatever the key ids: five times as many. Successful checks spend nothing.
   */
  tokenRateLimitPerMinute: number;
  /**
   * Express `trust proxy`, so `req.ip` is the client behind the load balancer: `false` (the socket's
   * address), a hop count, or the proxies' addresses (IPs, CIDRs, `loopback`, `linklocal`, `uniquelocal`).
   */
  trustProxy: TrustProxy;
  /**
   * Mutual TLS for API Pix (docs/adr/0228-api-pix-client-credentials.md): the lower-case name of the header in
   * which the TLS-terminating proxy passes the client certificate it verified; null (unset): not required.
   */
  apiPixClientCertHeader: string | null;
  /** How long a queue board sign-in lasts (absolute, from sign-in), in seconds. */
  queueBoardSessionTtlSeconds: number;
  /** Webhook targets may resolve to loopback, private, link-local... addresses (development and tests only). */
  webhookAllowPrivateNetworks: boolean;
  /** Waits before each retry of a failed webhook delivery, in ms (Standard Webhooks' schedule by default). */
  webhookRetryScheduleMs: number[];
  /** A webhook target must answer 2xx within this long. */
  webhookTimeoutMs: number;
  /** Deliveries in flight to one webhook at once, per worker process (a slow target never holds every slot). */
  webhookTargetConcurrency: number;
  /** Deliveries in flight for one client at once, per worker process: its share of the 32 slots (hanging receivers hold no more). */
  webhookClientConcurrency: number;
  /** A pending delivery this far past its next try has lost its job: the rescue sweep queues it again. */
  webhookRescueAfterMs: number;
  /** Key material of the webhook signing secrets' encryption at rest (AES-256-GCM; the key is derived with HKDF): new secrets are made under it. */
  webhookSecretsKey: string;
  /** Retired webhook secrets keys, only read: secrets stored under them still open until `webhooks:reencrypt` moves them. */
  webhookSecretsPreviousKeys: string[];
  /** `GET /metrics` (Prometheus) and the per-request HTTP histogram; off: 404 and no per-request work. */
  metricsEnabled: boolean;
  /** When set, `GET /metrics` requires `Authorization: Bearer <token>` (compared in constant time); production requires it while metrics are on. */
  metricsToken: string | null;
  /**
   * The key that signs the payloads of our dynamic QR codes (PIX_QR_SIGNING_KEY, PIX_QR_SIGNING_CERTS,
   * PIX_QR_SIGNING_PREVIOUS_CERTS), checked at start; null outside production when unset: a development key is
   * made once and kept in the database (docs/adr/0206-payload-signing-key.md).
   */
  pixQrSigning: QrSigningMaterial | null;
}

/** PEM texts of the QR payload signing key: the private key, its chain (leaf first), and retired leaves still published. */
export interface QrSigningMaterial {
  keyPem: string;
  certPems: string[];
  previousCertPems: string[];
}

/** São Paulo's IBGE municipality code, the default `codMun` (the service's merchant city by default too). */
export const SAO_PAULO_IBGE_CODE = '3550308';

function municipalityCode(value: string): string {
  if (!/^\d{7}$/.test(value)) throw new Error('PIX_QR_MUNICIPALITY_CODE must be an IBGE municipality code (7 digits)');
  return value;
}

/** The SPI/DICT adapters this build knows. */
export const PIX_PROVIDERS = ['sandbox'] as const;

function isPixProvider(value: string): value is (typeof PIX_PROVIDERS)[number] {
  return (PIX_PROVIDERS as readonly string[]).includes(value);
}

/** What TRUST_PROXY may set Express's `trust proxy` to: off, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names of address ranges. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY -> Express's `trust proxy`. Unset, empty, `false` or `0`: off (`req.ip` is the connecting
 * address). A whole number: that many proxies in front, each trusted whatever its address. Otherwise a
 * comma-separated list of the proxies' addresses: IPs, CIDRs (`10.0.0.0/8`, `fd00::/8`) or `loopback`,
 * `linklocal`, `uniquelocal`. `true` (and a `/0` range, the same) is refused: Express would take the
 * left-most X-Forwarded-For entry, which the client writes, so anyone could pick the address its budgets
 * are counted under.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true is refused: it trusts every X-Forwarded-For entry, which clients write; set the number of proxies in front (e.g. 1) or their addresses (e.g. loopback, 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new Error('TRUST_PROXY: a hop count is at most 32');
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (/\/0+$/.test(entry)) throw new Error(`TRUST_PROXY: "${entry}" trusts every address, as true would; name the proxies' addresses`);
    if (!isTrustedProxyEntry(entry)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of ${TRUST_PROXY_NAMES.join(', ')} (or set false, or a hop count)`,
      );
    }
  }
  checkTrustedBreadth(entries);
  return entries;
}

/** The ranges proxy-addr's names stand for: private networks, trusted whatever their size. */
const PRIVATE_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
].map((cidr) => ipaddr.parseCIDR(cidr));
/** Public addresses the listed ranges may cover together: a /8's worth of IPv4, a /32's worth of IPv6. */
const MAX_PUBLIC_IPV4 = 2n ** 24n;
const MAX_PUBLIC_IPV6 = 2n ** 96n;
const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');

/**
 * Refuses ranges that, together, trust more than a private network's worth of public addresses
 * (docs/adr/0244-trust-proxy-trusts-networks-not-the-internet.md). Counted as proxy-addr matches: an IPv4-mapped
 * IPv6 range is an IPv4 range, and an IPv6 range that holds the mapped block (`::/80`) holds every IPv4 client,
 * which proxy-addr compares in its mapped form.
 */
function checkTrustedBreadth(entries: string[]): void {
  let ipv4 = 0n;
  let ipv6 = 0n;
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.includes(entry)) continue;
    let [address, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), entry.includes(':') ? 128 : 32];
    if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && bits >= 96)
      [address, bits] = [address.toIPv4Address(), bits - 96];
    if (PRIVATE_RANGES.some(([base, size]) => base.kind() === address.kind() && size <= bits && address.match(base, size))) continue;
    if (address instanceof ipaddr.IPv4) ipv4 += 2n ** BigInt(32 - bits);
    else {
      ipv6 += 2n ** BigInt(128 - bits);
      if (bits <= 96 && IPV4_MAPPED[0].match(address, bits)) ipv4 += 2n ** 32n;
    }
  }
  if (ipv4 > MAX_PUBLIC_IPV4 || ipv6 > MAX_PUBLIC_IPV6) {
    throw new Error(
      `TRUST_PROXY: "${entries.join(', ')}" trusts ${ipv4 > MAX_PUBLIC_IPV4 ? `${ipv4} public IPv4 addresses (more than a /8)` : `${ipv6} public IPv6 addresses (more than a /32)`}, IPv4-mapped forms included: a client among them could pick the address its budgets are counted under. Name the proxies' addresses or networks`,
    );
  }
}

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * QUEUE_BOARD_SESSION_TTL_SECONDS: 15 minutes by default; 1 minute to 8 hours (a shift). Refused outside
 * that at start: a session is an admin's open door to the queues, so a typo must not make it a week.
 */
/**
 * MED_CLAIM_WINDOW_DAYS (80), MED_ANALYSIS_DAYS (7), MED_BLOCK_HOURS (72): the regulation's numbers by
 * default. Each at least 1; the hold at most 72 hours (the bloqueio cautelar's cap) and never longer than
 * the analysis, so a request's hold always ends before (or when) its deadline to answer does.
 */
function medTimeline(env: NodeJS.ProcessEnv): AppConfig['medTimeline'] {
  const claimWindowDays = int('MED_CLAIM_WINDOW_DAYS', 80, env);
  const analysisDays = int('MED_ANALYSIS_DAYS', 7, env);
  const blockHours = int('MED_BLOCK_HOURS', 72, env);
  if (claimWindowDays < 1) throw new Error('MED_CLAIM_WINDOW_DAYS must be at least 1');
  if (analysisDays < 1) throw new Error('MED_ANALYSIS_DAYS must be at least 1');
  if (blockHours < 1 || blockHours > 72 || blockHours > analysisDays * 24) {
    throw new Error('MED_BLOCK_HOURS must be 1 to 72, and no longer than MED_ANALYSIS_DAYS');
  }
  return { claimWindowDays, analysisDays, blockHours };
}

/**
 * STATEMENT_CONCURRENCY_PER_CLIENT (2), STATEMENT_CONCURRENCY_PER_PROCESS (4), STATEMENT_STALL_TIMEOUT_MS (30 s).
 * A client's share is at most the process's; the process's at most 8, so statement pages (one connection each,
 * briefly) can never take more than a few of the pool's request connections from payments.
 */
function statementDownloads(env: NodeJS.ProcessEnv): AppConfig['statementDownloads'] {
  const perProcess = int('STATEMENT_CONCURRENCY_PER_PROCESS', 4, env);
  const perClient = int('STATEMENT_CONCURRENCY_PER_CLIENT', 2, env);
  if (perProcess < 1 || perProcess > 8) throw new Error('STATEMENT_CONCURRENCY_PER_PROCESS must be 1 to 8');
  if (perClient < 1 || perClient > perProcess) {
    throw new Error('STATEMENT_CONCURRENCY_PER_CLIENT must be 1 to STATEMENT_CONCURRENCY_PER_PROCESS');
  }
  return { perClient, perProcess, stallMs: Math.max(1000, int('STATEMENT_STALL_TIMEOUT_MS', 30000, env)) };
}

function queueBoardSessionTtl(env: NodeJS.ProcessEnv): number {
  const seconds = int('QUEUE_BOARD_SESSION_TTL_SECONDS', 900, env);
  if (seconds < 60 || seconds > 28_800) throw new Error('QUEUE_BOARD_SESSION_TTL_SECONDS must be 60 to 28800 (8 hours)');
  return seconds;
}

/** HS256 keys shorter than the hash output weaken the signature (RFC 7518 §3.2). */
export const MIN_JWT_SECRET_BYTES = 32;

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

/**
 * Standard Webhooks' retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after the failures,
 * written as docs/conventions.md §12 documents it (seconds).
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,50400,72000,86400';

/**
 * Encrypts webhook secrets outside production when WEBHOOK_SECRETS_KEY is not set. It is public (it is in
 * the source), so it protects nothing; production refuses to start without WEBHOOK_SECRETS_KEY.
 */
export const DEVELOPMENT_WEBHOOK_SECRETS_KEY = 'development-only-webhook-secrets-key-not-secret';

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `5,300,1800` -> milliseconds. docs/conventions.md §12 documents the variable in seconds, so a bare whole
 * number is seconds; a unit suffix (`500ms`, `5s`, `5m`, `2h`) is accepted as an extension. At most 30 steps.
 */
export function parseRetrySchedule(raw: string): number[] {
  const steps = raw.split(',').map((s) => s.trim());
  const ms = steps.map((step) => {
    const m = /^(\d{1,9})(ms|s|m|h)?$/.exec(step);
    if (!m?.[1]) {
      throw new Error(`WEBHOOK_RETRY_SCHEDULE: "${step}" is not a number of seconds (or a duration like 500ms, 5s, 5m or 2h)`);
    }
    return Number(m[1]) * DURATION_UNITS[m[2] ?? 's']!;
  });
  if (ms.length > 30) throw new Error('WEBHOOK_RETRY_SCHEDULE: at most 30 retries');
  return ms;
}

/** A per-process secret keeps development simple; production must set JWT_SECRET so processes agree. */
const devSecret = randomBytes(32).toString('hex');

/** An HTTP header name (RFC 9110 token), lower case; unset or empty: null. */
function parseHeaderName(name: string, raw: string | undefined): string | null {
  const v = raw?.trim() ?? '';
  if (v === '') return null;
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(v)) throw new Error(`${name} must be an HTTP header name, got ${JSON.stringify(raw)}`);
  return v.toLowerCase();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const jwtSecret = env.JWT_SECRET ?? (production ? '' : devSecret);
  if (!jwtSecret) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  if (production && Buffer.byteLength(jwtSecret) < MIN_JWT_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes when NODE_ENV=production`);
  }
  const pixProvider = env.PIX_PROVIDER ?? (production ? '' : 'sandbox');
  if (production && !pixProvider) {
    throw new Error(
      'PIX_PROVIDER must be set when NODE_ENV=production (the sandbox moves no real money; set PIX_PROVIDER=sandbox to run it on purpose)',
    );
  }
  if (!isPixProvider(pixProvider)) {
    throw new Error(`PIX_PROVIDER must be one of ${PIX_PROVIDERS.join(', ')} (got "${pixProvider}")`);
  }
  const role = (env.APP_ROLE ?? 'all') as AppRole;
  if (!['api', 'worker', 'all'].includes(role)) throw new Error('APP_ROLE must be api, worker or all');
  // Its own key, never JWT_SECRET: one leak would expose both, and rotating JWT_SECRET would leave every
  // stored secret unreadable. Outside production, unset: the public development key (stable across restarts).
  const webhookSecretsKey = env.WEBHOOK_SECRETS_KEY || (production ? '' : DEVELOPMENT_WEBHOOK_SECRETS_KEY);
  if (production) checkWebhookSecretsKey(webhookSecretsKey, jwtSecret);
  const metricsEnabled = strictBool('METRICS_ENABLED', true, env);
  const token = metricsToken(env.METRICS_TOKEN);
  // Open, /metrics tells anyone the service's volumes and backlogs, and each scrape queries PostgreSQL and Redis.
  if (production && metricsEnabled && !token) {
    throw new Error(
      'METRICS_TOKEN is required when NODE_ENV=production and metrics are on: set METRICS_TOKEN (16-512 characters, e.g. openssl rand -hex 32) or set METRICS_ENABLED=false',
    );
  }
  const pixQrSigning = qrSigningMaterial(env, production);
  const ispb = env.PSP_ISPB ?? '99999004';
  if (!/^\d{8}$/.test(ispb)) throw new Error('PSP_ISPB must be 8 digits');
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
    pixProvider,
    pixQrBaseUrl: env.PIX_QR_BASE_URL ?? 'pix.sandbox.local',
    pixMerchantCity: merchantCity(env.PIX_MERCHANT_CITY ?? 'SAO PAULO'),
    pixQrAllowPrivateNetworks: bool('PIX_QR_ALLOW_PRIVATE_NETWORKS', false, env),
    pixQrTrustRoots: env.PIX_QR_TRUST_ROOTS ?? '',
    pixQrFetchTimeoutMs: Math.max(100, int('PIX_QR_FETCH_TIMEOUT_MS', 5000, env)),
    pixQrMunicipalityCode: municipalityCode(env.PIX_QR_MUNICIPALITY_CODE ?? SAO_PAULO_IBGE_CODE),
    sandboxSpiLatencyMs: int('SANDBOX_SPI_LATENCY_MS', 100, env),
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 1200, env),
    lookupRateLimitPerMinute: int('LOOKUP_RATE_LIMIT_PER_MINUTE', 60, env),
    appRole: role,
    migrationsRun: bool('MIGRATIONS_RUN', true, env),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    // A fallback: the process committing new outbox rows wakes the relays (OutboxSignal).
    outboxPollMs: int('OUTBOX_POLL_MS', 1000, env),
    // Defaults keep a timed-out payment within 30 s of creation: 4 tries of at most 3 s, waits of 1 s,
    // 2 s and 4 s between them (docs/adr/0070-settlement-budget-30-s.md).
    spiTimeoutMs: Math.max(100, int('SPI_TIMEOUT_MS', 3000, env)),
    medTimeline: medTimeline(env),
    settlementMaxAttempts: Math.max(1, int('SETTLEMENT_MAX_ATTEMPTS', 4, env)),
    settlementBackoffMs: int('SETTLEMENT_BACKOFF_MS', 1000, env),
    settlementLockMs: Math.max(1000, int('SETTLEMENT_LOCK_MS', 10000, env)),
    // Past the 30 s settlement budget, so the sweep never races a payment that is still being retried.
    reconcileAfterMs: Math.max(100, int('RECONCILE_AFTER_MS', 60000, env)),
    reconcileIntervalMs: Math.max(100, int('RECONCILE_INTERVAL_MS', 15000, env)),
    // Every statement, lock wait and pool wait is bounded (docs/adr/0078-every-wait-is-bounded.md).
    dbStatementTimeoutMs: Math.max(100, int('DB_STATEMENT_TIMEOUT_MS', 15000, env)),
    dbLockTimeoutMs: Math.max(50, int('DB_LOCK_TIMEOUT_MS', 5000, env)),
    dbPoolTimeoutMs: Math.max(100, int('DB_POOL_TIMEOUT_MS', 5000, env)),
    dbIdleInTransactionTimeoutMs: Math.max(1000, int('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30000, env)),
    // At most 32: each unit of work of a batch takes up to two subtransactions, and Postgres keeps 64 per
    // transaction in shared memory before every snapshot in the cluster gets slower (docs/adr/0246-group-commit.md).
    moneyBatch: {
      windowMs: Math.min(50, Math.max(0, int('MONEY_BATCH_WINDOW_MS', 2, env))),
      maxSize: Math.min(32, Math.max(1, int('MONEY_BATCH_MAX_SIZE', 16, env))),
      concurrency: Math.min(8, Math.max(1, int('MONEY_BATCH_CONCURRENCY', 4, env))),
    },
    statementDownloads: statementDownloads(env),
    tokenRateLimitPerMinute: Math.max(1, int('TOKEN_RATE_LIMIT_PER_MINUTE', 30, env)),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiPixClientCertHeader: parseHeaderName('API_PIX_CLIENT_CERT_HEADER', env.API_PIX_CLIENT_CERT_HEADER),
    queueBoardSessionTtlSeconds: queueBoardSessionTtl(env),
    webhookAllowPrivateNetworks: bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false, env),
    webhookRetryScheduleMs: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE || DEFAULT_WEBHOOK_RETRY_SCHEDULE),
    webhookTimeoutMs: Math.max(100, int('WEBHOOK_TIMEOUT_MS', 15000, env)),
    webhookTargetConcurrency: Math.max(1, int('WEBHOOK_TARGET_CONCURRENCY', 4, env)),
    webhookClientConcurrency: Math.max(1, int('WEBHOOK_CLIENT_CONCURRENCY', 8, env)),
    webhookRescueAfterMs: Math.max(100, int('WEBHOOK_RESCUE_AFTER_MS', 120000, env)),
    webhookSecretsKey,
    webhookSecretsPreviousKeys: keyList(env.WEBHOOK_SECRETS_PREVIOUS_KEYS).filter((key) => key !== webhookSecretsKey),
    metricsEnabled,
    metricsToken: token,
    pixQrSigning,
  };
}

/** The smallest RSA modulus a QR payload signing key may have (Manual de Segurança do Pix, section 4: RS256, 2048 bits or more). */
export const MIN_QR_SIGNING_KEY_BITS = 2048;

/** A PEM value from the environment; `\n` escapes (one-line variables) become line breaks. */
function pem(raw: string | undefined): string {
  return (raw ?? '').replace(/\\n/g, '\n').trim();
}

function certificatesIn(text: string, name: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw new Error(`${name} holds a certificate that cannot be read`);
    }
  }
  return blocks.map((b) => `${b}\n`);
}

/**
 * PIX_QR_SIGNING_KEY and PIX_QR_SIGNING_CERTS: both or neither; required when NODE_ENV=production. The key is
 * RSA of 2048 bits or more and is the leaf's (the first certificate's) private key.
 */
export function qrSigningMaterial(env: NodeJS.ProcessEnv, production: boolean): QrSigningMaterial | null {
  const keyPem = pem(env.PIX_QR_SIGNING_KEY);
  const certsText = pem(env.PIX_QR_SIGNING_CERTS);
  if (!keyPem && !certsText) {
    if (production) {
      throw new Error(
        'PIX_QR_SIGNING_KEY and PIX_QR_SIGNING_CERTS are required when NODE_ENV=production: the RSA key (PEM) that signs the payloads of dynamic QR codes and its certificate chain (PEM, leaf first); see docs/operations.md',
      );
    }
    return null;
  }
  if (!keyPem || !certsText) throw new Error('PIX_QR_SIGNING_KEY and PIX_QR_SIGNING_CERTS go together: set both or neither');
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new Error('PIX_QR_SIGNING_KEY is not a readable PEM private key');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_QR_SIGNING_KEY_BITS) {
    throw new Error(`PIX_QR_SIGNING_KEY must be an RSA key of ${MIN_QR_SIGNING_KEY_BITS} bits or more (the payloads are signed RS256)`);
  }
  const certPems = certificatesIn(certsText, 'PIX_QR_SIGNING_CERTS');
  if (certPems.length === 0) throw new Error('PIX_QR_SIGNING_CERTS holds no PEM certificate');
  if (!new X509Certificate(certPems[0]!).checkPrivateKey(key)) {
    throw new Error("PIX_QR_SIGNING_KEY does not match the first certificate of PIX_QR_SIGNING_CERTS (the leaf must be the key's own)");
  }
  const previousCertPems = certificatesIn(pem(env.PIX_QR_SIGNING_PREVIOUS_CERTS), 'PIX_QR_SIGNING_PREVIOUS_CERTS');
  return { keyPem: `${keyPem}\n`, certPems, previousCertPems };
}

/** Production's WEBHOOK_SECRETS_KEY: set, 32 bytes or more, and not JWT_SECRET; each refusal says how to fix it. */
function checkWebhookSecretsKey(key: string, jwtSecret: string): void {
  if (!key) {
    throw new Error(
      'WEBHOOK_SECRETS_KEY is required when NODE_ENV=production: a key of its own (e.g. openssl rand -hex 32), JWT_SECRET no longer stands in for it. ' +
        'Webhook secrets stored while it was unset are under JWT_SECRET: also set WEBHOOK_SECRETS_PREVIOUS_KEYS to that value, then run webhooks:reencrypt (README, "Rotating the webhook secrets key")',
    );
  }
  if (Buffer.byteLength(key) < MIN_JWT_SECRET_BYTES) {
    throw new Error(`WEBHOOK_SECRETS_KEY must be at least ${MIN_JWT_SECRET_BYTES} bytes when NODE_ENV=production`);
  }
  if (key === jwtSecret) {
    throw new Error('WEBHOOK_SECRETS_KEY must differ from JWT_SECRET when NODE_ENV=production: one leak would expose both');
  }
}

/** `a,b,c` -> its non-empty entries, trimmed, each once (a key never holds a comma: hex or base64 from openssl). */
function keyList(raw: string | undefined): string[] {
  return [...new Set((raw ?? '').split(',').map((key) => key.trim()))].filter((key) => key !== '');
}

/**
 * `true`/`1` or `false`/`0`; anything else refuses to start. For a setting on by default, where reading a
 * typo (`yes`, `on`) as false would silently switch it off.
 */
function strictBool(name: string, fallback: boolean, env: NodeJS.ProcessEnv): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false`);
}

/** A bearer token (RFC 6750 characters) of 16 to 512 characters; unset or empty: /metrics is open (not in production). */
function metricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(raw)) {
    throw new Error('METRICS_TOKEN must be 16-512 characters of A-Z a-z 0-9 . _ ~ + / = -');
  }
  return raw;
}

/** Field 60 of a BR Code holds 1-15 characters; refused at start rather than on the first charge. */
function merchantCity(value: string): string {
  if (!/^[\x20-\x7E]{1,15}$/.test(value)) throw new Error('PIX_MERCHANT_CITY must be 1-15 ASCII characters');
  return value;
}

/** DI token for the loaded configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
