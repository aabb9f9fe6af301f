import { generateKeyPairSync } from 'node:crypto';
import { makeDevelopmentKey } from '../modules/payload-location/infrastructure/signing/development-key.js';
import { DEVELOPMENT_WEBHOOK_SECRETS_KEY, loadConfig, parseRetrySchedule, parseTrustProxy } from './app.config.js';

const secret32 = 'x'.repeat(32);
const metricsToken = 'scrape-0123456789abcdef';
const webhookKey = 'w'.repeat(32);
const prodSecrets: Record<string, string> = { JWT_SECRET: secret32, WEBHOOK_SECRETS_KEY: webhookKey, METRICS_TOKEN: metricsToken };
/** Two signing keys with their certificates (the QR payload signing key is required in production). */
let signing: { keyPem: string; certPem: string };
let other: { keyPem: string; certPem: string };

beforeAll(async () => {
  [signing, other] = await Promise.all([
    makeDevelopmentKey('pix.example.com', new Date(0)),
    makeDevelopmentKey('pix.example.com', new Date(0)),
  ]);
  Object.assign(prodSecrets, { PIX_QR_SIGNING_KEY: signing.keyPem, PIX_QR_SIGNING_CERTS: signing.certPem });
});

describe('the QR payload signing key (docs/adr/0206-payload-signing-key.md)', () => {
  const prod = () => ({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...prodSecrets });
  const without = (name: string) => Object.fromEntries(Object.entries(prod()).filter(([k]) => k !== name));

  it('is read from the environment in production: key and chain, leaf first', () => {
    const chain = `${signing.certPem}${other.certPem}`;
    const config = loadConfig({ ...prod(), PIX_QR_SIGNING_CERTS: chain, PIX_QR_SIGNING_PREVIOUS_CERTS: other.certPem });
    expect(config.pixQrSigning?.certPems).toHaveLength(2);
    expect(config.pixQrSigning?.previousCertPems).toHaveLength(1);
    // A one-line variable with `\n` escapes reads the same.
    const oneLine = loadConfig({ ...prod(), PIX_QR_SIGNING_KEY: signing.keyPem.replace(/\n/g, '\\n') });
    expect(oneLine.pixQrSigning?.keyPem).toBe(config.pixQrSigning?.keyPem);
  });

  it("is refused at start in production when missing, half given, or not the leaf certificate's key", () => {
    expect(() => loadConfig(without('PIX_QR_SIGNING_KEY'))).toThrow(/PIX_QR_SIGNING_KEY and PIX_QR_SIGNING_CERTS go together/);
    expect(() => loadConfig(without('PIX_QR_SIGNING_CERTS'))).toThrow(/go together/);
    const neither = Object.fromEntries(Object.entries(without('PIX_QR_SIGNING_KEY')).filter(([k]) => k !== 'PIX_QR_SIGNING_CERTS'));
    expect(() => loadConfig(neither)).toThrow(/PIX_QR_SIGNING_KEY and PIX_QR_SIGNING_CERTS are required when NODE_ENV=production/);
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_KEY: other.keyPem })).toThrow(/does not match the first certificate/);
    // The leaf must come first: the right key with its certificate second is refused too.
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_CERTS: `${other.certPem}${signing.certPem}` })).toThrow(/does not match/);
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_KEY: 'not a key' })).toThrow(/not a readable PEM private key/);
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_CERTS: 'no certificate' })).toThrow(/holds no PEM certificate/);
  });

  it('is RSA of 2048 bits or more (RS256)', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_KEY: small })).toThrow(/RSA key of 2048 bits or more/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ ...prod(), PIX_QR_SIGNING_KEY: ec })).toThrow(/RSA key of 2048 bits or more/);
  });

  it('outside production, unset means the development key of the database (null here)', () => {
    expect(loadConfig({}).pixQrSigning).toBeNull();
  });
});

describe('loadConfig', () => {
  it('runs the sandbox by default outside production', () => {
    expect(loadConfig({}).pixProvider).toBe('sandbox');
  });

  it('refuses an unknown provider at start', () => {
    expect(() => loadConfig({ PIX_PROVIDER: 'real-bank' })).toThrow(/PIX_PROVIDER must be one of sandbox/);
  });

  it('in production, runs the sandbox only when PIX_PROVIDER=sandbox is set on purpose', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret32 })).toThrow(/PIX_PROVIDER must be set/);
    expect(loadConfig({ NODE_ENV: 'production', ...prodSecrets, PIX_PROVIDER: 'sandbox' }).pixProvider).toBe('sandbox');
  });

  it('in production, requires a JWT_SECRET of at least 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', JWT_SECRET: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...prodSecrets }).jwtSecret).toBe(secret32);
  });

  it('in production, encrypts webhook secrets only under a WEBHOOK_SECRETS_KEY of its own, never falling back to JWT_SECRET', () => {
    const prod = { NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...prodSecrets };
    expect(loadConfig(prod).webhookSecretsKey).toBe(webhookKey);
    // docs/adr/0157-one-key-guards-one-thing.md: one leak must not expose both, and rotating JWT_SECRET must not lose the stored secrets.
    for (const unset of [{ WEBHOOK_SECRETS_KEY: undefined }, { WEBHOOK_SECRETS_KEY: '' }]) {
      expect(() => loadConfig({ ...prod, ...unset })).toThrow(
        /WEBHOOK_SECRETS_KEY is required when NODE_ENV=production.*WEBHOOK_SECRETS_PREVIOUS_KEYS.*webhooks:reencrypt/,
      );
    }
    expect(() => loadConfig({ ...prod, WEBHOOK_SECRETS_KEY: 'short' })).toThrow(/WEBHOOK_SECRETS_KEY must be at least 32 bytes/);
    expect(() => loadConfig({ ...prod, WEBHOOK_SECRETS_KEY: secret32 })).toThrow(/WEBHOOK_SECRETS_KEY must differ from JWT_SECRET/);
  });

  it('outside production, without WEBHOOK_SECRETS_KEY, uses the public development key, not JWT_SECRET', () => {
    expect(loadConfig({}).webhookSecretsKey).toBe(DEVELOPMENT_WEBHOOK_SECRETS_KEY);
    expect(loadConfig({ JWT_SECRET: secret32 }).webhookSecretsKey).toBe(DEVELOPMENT_WEBHOOK_SECRETS_KEY);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY: webhookKey }).webhookSecretsKey).toBe(webhookKey);
  });

  it('reads WEBHOOK_SECRETS_PREVIOUS_KEYS as a comma-separated list, each key once, never the current one', () => {
    expect(loadConfig({}).webhookSecretsPreviousKeys).toEqual([]);
    const env = {
      WEBHOOK_SECRETS_KEY: webhookKey,
      WEBHOOK_SECRETS_PREVIOUS_KEYS: ` ${'a'.repeat(32)},${webhookKey},,${'b'.repeat(32)} ,${'a'.repeat(32)}`,
    };
    expect(loadConfig(env).webhookSecretsPreviousKeys).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    // The upgrade from the JWT_SECRET fallback: the old key is read only, beside a key of its own.
    const prod = { NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...prodSecrets, WEBHOOK_SECRETS_PREVIOUS_KEYS: secret32 };
    expect(loadConfig(prod)).toMatchObject({ webhookSecretsKey: webhookKey, webhookSecretsPreviousKeys: [secret32] });
  });

  it("retries webhooks on Standard Webhooks' schedule by default, or on WEBHOOK_RETRY_SCHEDULE", () => {
    const h = 3_600_000;
    expect(loadConfig({}).webhookRetryScheduleMs).toEqual([5000, 300_000, 1_800_000, 2 * h, 5 * h, 10 * h, 14 * h, 20 * h, 24 * h]);
    // docs/conventions.md §12 documents the variable in seconds, default `5,300,1800,7200,18000,36000,50400,72000,86400`.
    expect(parseRetrySchedule('5,300,1800,7200,18000,36000,50400,72000,86400')).toEqual(loadConfig({}).webhookRetryScheduleMs);
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1,1,2' }).webhookRetryScheduleMs).toEqual([1000, 1000, 2000]);
    expect(parseRetrySchedule('5')).toEqual([5000]);
    // Unit suffixes stay as an extension, and mix with bare seconds.
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: '250ms, 1s,2m, 3' }).webhookRetryScheduleMs).toEqual([250, 1000, 120_000, 3000]);
    expect(parseRetrySchedule('1h')).toEqual([h]);
    for (const bad of ['5d', '-1', '-1s', '1.5', '1.5s', '5s,,5m', '', 'five', Array(31).fill('1').join(',')]) {
      expect(() => parseRetrySchedule(bad)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    }
  });

  it('refuses private webhook targets and waits 15 s for an answer by default', () => {
    const c = loadConfig({});
    expect(c.webhookAllowPrivateNetworks).toBe(false);
    expect(c.webhookTimeoutMs).toBe(15_000);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhookAllowPrivateNetworks).toBe(true);
  });

  it("gives each client 8 of a worker's 32 delivery slots by default (README), or WEBHOOK_CLIENT_CONCURRENCY", () => {
    expect(loadConfig({}).webhookClientConcurrency).toBe(8);
    expect(loadConfig({ WEBHOOK_CLIENT_CONCURRENCY: '2' }).webhookClientConcurrency).toBe(2);
    expect(loadConfig({ WEBHOOK_CLIENT_CONCURRENCY: '0' }).webhookClientConcurrency).toBe(1);
    expect(() => loadConfig({ WEBHOOK_CLIENT_CONCURRENCY: 'eight' })).toThrow('WEBHOOK_CLIENT_CONCURRENCY must be a non-negative integer');
  });

  it('bounds statement downloads: 2 per client, 4 per process, cut off after 30 s without progress (README)', () => {
    expect(loadConfig({}).statementDownloads).toEqual({ perClient: 2, perProcess: 4, stallMs: 30_000 });
    expect(
      loadConfig({ STATEMENT_CONCURRENCY_PER_CLIENT: '1', STATEMENT_CONCURRENCY_PER_PROCESS: '8', STATEMENT_STALL_TIMEOUT_MS: '5000' })
        .statementDownloads,
    ).toEqual({ perClient: 1, perProcess: 8, stallMs: 5_000 });
    // More than 8 at once would let downloads take a real share of the request connections.
    expect(() => loadConfig({ STATEMENT_CONCURRENCY_PER_PROCESS: '9' })).toThrow('STATEMENT_CONCURRENCY_PER_PROCESS must be 1 to 8');
    expect(() => loadConfig({ STATEMENT_CONCURRENCY_PER_CLIENT: '5' })).toThrow(
      'STATEMENT_CONCURRENCY_PER_CLIENT must be 1 to STATEMENT_CONCURRENCY_PER_PROCESS',
    );
    expect(loadConfig({ STATEMENT_STALL_TIMEOUT_MS: '10' }).statementDownloads.stallMs).toBe(1_000);
  });

  it('ends sessions idle inside a transaction after 30 s by default (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS)', () => {
    expect(loadConfig({}).dbIdleInTransactionTimeoutMs).toBe(30_000);
    expect(loadConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000' }).dbIdleInTransactionTimeoutMs).toBe(60_000);
  });

  it('group-commits payment creation in batches of up to 16 after a 2 ms window, 4 at once, within bounds (MONEY_BATCH_*)', () => {
    expect(loadConfig({}).moneyBatch).toEqual({ windowMs: 2, maxSize: 16, concurrency: 4 });
    expect(loadConfig({ MONEY_BATCH_WINDOW_MS: '0', MONEY_BATCH_MAX_SIZE: '1', MONEY_BATCH_CONCURRENCY: '2' }).moneyBatch).toEqual({
      windowMs: 0,
      maxSize: 1,
      concurrency: 2,
    });
    // Past 32 units a batch's subtransactions overflow what Postgres keeps in shared memory (docs/adr/0246-group-commit.md).
    expect(loadConfig({ MONEY_BATCH_WINDOW_MS: '500', MONEY_BATCH_MAX_SIZE: '100', MONEY_BATCH_CONCURRENCY: '50' }).moneyBatch).toEqual({
      windowMs: 50,
      maxSize: 32,
      concurrency: 8,
    });
    expect(() => loadConfig({ MONEY_BATCH_MAX_SIZE: 'many' })).toThrow(/MONEY_BATCH_MAX_SIZE must be a non-negative integer/);
  });

  it('serves /metrics by default, open unless METRICS_TOKEN is set; a METRICS_ENABLED it cannot read refuses to start', () => {
    expect(loadConfig({})).toMatchObject({ metricsEnabled: true, metricsToken: null });
    expect(loadConfig({ METRICS_ENABLED: 'false' }).metricsEnabled).toBe(false);
    expect(loadConfig({ METRICS_ENABLED: '0' }).metricsEnabled).toBe(false);
    expect(loadConfig({ METRICS_ENABLED: '1' }).metricsEnabled).toBe(true);
    for (const bad of ['yes', 'off', 'FALSE '])
      expect(() => loadConfig({ METRICS_ENABLED: bad })).toThrow(/METRICS_ENABLED must be true or false/);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-0123456789abcdef' }).metricsToken).toBe('scrape-0123456789abcdef');
    for (const bad of ['short', 'has space 0123456789', 'x'.repeat(513)])
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
  });

  it('in production, refuses to start with metrics on and no METRICS_TOKEN, saying how to fix it', () => {
    const { METRICS_TOKEN: _token, ...secrets } = prodSecrets;
    const prod = { NODE_ENV: 'production', PIX_PROVIDER: 'sandbox', ...secrets };
    for (const env of [prod, { ...prod, METRICS_TOKEN: '' }, { ...prod, METRICS_ENABLED: 'true' }])
      expect(() => loadConfig(env)).toThrow(/METRICS_TOKEN is required .*set METRICS_TOKEN .*or set METRICS_ENABLED=false/);
    expect(loadConfig({ ...prod, METRICS_TOKEN: metricsToken })).toMatchObject({ metricsEnabled: true, metricsToken });
    expect(loadConfig({ ...prod, METRICS_ENABLED: 'false' })).toMatchObject({ metricsEnabled: false, metricsToken: null });
    // Development and tests keep an open /metrics.
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ metricsEnabled: true, metricsToken: null });
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, and when empty, false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const raw of ['', 'false', '0', ' false ']) expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toBe(false);
  });

  it('takes a hop count (at most 32)', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('33')).toThrow(/at most 32/);
  });

  it('takes a comma-separated list of IPs, CIDRs and the names loopback, linklocal, uniquelocal', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(parseTrustProxy('192.168.1.10,fd00::/8, ::1,linklocal,uniquelocal')).toEqual([
      '192.168.1.10',
      'fd00::/8',
      '::1',
      'linklocal',
      'uniquelocal',
    ]);
  });

  it('refuses true, and the /0 ranges that mean the same: the left-most X-Forwarded-For entry is written by the client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true is refused/);
    expect(() => parseTrustProxy('0.0.0.0/0')).toThrow(/every address/);
    expect(() => parseTrustProxy('loopback, ::/0')).toThrow(/every address/);
  });

  it('refuses ranges that together trust more than a private network of the public internet, mapped forms included', () => {
    // The review's settings: each trusted every client, which then picked its own address in X-Forwarded-For.
    for (const raw of [
      '::ffff:0.0.0.0/96',
      '0.0.0.0/1, 128.0.0.0/1',
      '::/80', // holds ::ffff:0:0/96, the form proxy-addr compares an IPv4 client in
      '::ffff:0:0/100', // 0.0.0.0/4
      '1.0.0.0/8, 2.0.0.0/8',
      '11.0.0.0/7',
      '2001::/31',
      '2001:db8::/32, 2001:db9::/32',
    ]) {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY: .* public IPv[46] addresses/);
    }
    // A /8 of public addresses, a /32 of IPv6, and private networks of any size, named or written out, still do.
    for (const raw of [
      '10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7, fe80::/10, 127.0.0.0/8, 169.254.0.0/16',
      '35.191.0.0/16, 130.211.0.0/22, 2600:1901::/32',
      '1.0.0.0/8, loopback, uniquelocal, linklocal',
      '::ffff:10.0.0.0/104, ::ffff:203.0.113.7',
      '203.0.113.7, 2001:db8::1',
    ]) {
      expect(parseTrustProxy(raw)).toEqual(raw.split(',').map((e) => e.trim()));
    }
  });

  it('refuses anything else at start, naming the entry', () => {
    for (const raw of [
      'yes',
      '-1',
      '1.5',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/8/1',
      '10.0.0/8',
      'loopback,',
      'localhost',
      '10.0.0.0/x',
    ]) {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
    }
    expect(() => parseTrustProxy('loopback, 10.0.0.300')).toThrow(/"10\.0\.0\.300" is not an IP address/);
  });
});

describe('QUEUE_BOARD_SESSION_TTL_SECONDS', () => {
  it('is 15 minutes by default, any whole number of seconds from 1 minute to 8 hours, refused outside them', () => {
    expect(loadConfig({}).queueBoardSessionTtlSeconds).toBe(900);
    expect(loadConfig({ QUEUE_BOARD_SESSION_TTL_SECONDS: '60' }).queueBoardSessionTtlSeconds).toBe(60);
    expect(loadConfig({ QUEUE_BOARD_SESSION_TTL_SECONDS: '28800' }).queueBoardSessionTtlSeconds).toBe(28_800);
    for (const raw of ['59', '28801', '0', '15m', '-1']) {
      expect(() => loadConfig({ QUEUE_BOARD_SESSION_TTL_SECONDS: raw })).toThrow(/QUEUE_BOARD_SESSION_TTL_SECONDS must be/);
    }
  });
});

describe('MED_CLAIM_WINDOW_DAYS, MED_ANALYSIS_DAYS, MED_BLOCK_HOURS', () => {
  it("are the regulation's 80 days, 7 days and 72 hours by default", () => {
    expect(loadConfig({}).medTimeline).toEqual({ claimWindowDays: 80, analysisDays: 7, blockHours: 72 });
  });

  it('take any whole number from 1, the hold at most 72 hours and no longer than the analysis', () => {
    expect(loadConfig({ MED_CLAIM_WINDOW_DAYS: '90', MED_ANALYSIS_DAYS: '1', MED_BLOCK_HOURS: '24' }).medTimeline).toEqual({
      claimWindowDays: 90,
      analysisDays: 1,
      blockHours: 24,
    });
    expect(() => loadConfig({ MED_CLAIM_WINDOW_DAYS: '0' })).toThrow(/MED_CLAIM_WINDOW_DAYS must be/);
    expect(() => loadConfig({ MED_ANALYSIS_DAYS: '0' })).toThrow(/MED_ANALYSIS_DAYS must be/);
    for (const env of [{ MED_BLOCK_HOURS: '0' }, { MED_BLOCK_HOURS: '73' }, { MED_ANALYSIS_DAYS: '1', MED_BLOCK_HOURS: '25' }]) {
      expect(() => loadConfig(env)).toThrow(/MED_BLOCK_HOURS must be/);
    }
    expect(() => loadConfig({ MED_BLOCK_HOURS: '72h' })).toThrow(/MED_BLOCK_HOURS must be a non-negative integer/);
  });
});
