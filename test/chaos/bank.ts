/**
 * `npm run test:chaos`: a bank workload under faults, after Jepsen's bank test. The compiled app runs as
 * 2 API and 2 worker processes on one Postgres database (behind a TCP proxy that can stall every
 * connection) and one Redis server of its own (which can be killed and restarted empty). Seeded actors
 * move money every way the service can, retrying requests whose answer was lost with the same
 * idempotency key, while faults strike at random: SIGKILL of a worker, SIGKILL of an API process (a new
 * one starts), a Redis restart (every queued job lost), a Postgres stall. Then everything is restarted,
 * the queues drain, and the invariants are checked and printed; any violation exits non-zero.
 *
 *   npm run test:chaos                      # short: about 1 minute of workload (CI)
 *   npm run test:chaos -- --minutes 15      # long
 *   npm run test:chaos -- --seed 1234       # replays a run's choices (timing still varies)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { makeDevelopmentKey } from '../../src/modules/payload-location/infrastructure/signing/development-key.js';
import { randomCpf } from '../support/documents.js';

const ROOT = process.cwd();
const MAIN = resolve(ROOT, 'dist/src/main.js');
const CLI = resolve(ROOT, 'dist/src/cli.js');
const PG_ADMIN = process.env.CHAOS_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The service's participant id (its default unless the environment sets one): a payment to it was on-us. */
const PSP_ISPB = process.env.PSP_ISPB ?? '99999004';

// ---------------------------------------------------------------------------------------------- options

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const MINUTES = Number(option('minutes') ?? '1');
const SEED = Number(option('seed') ?? String(randomBytes(4).readUInt32BE(0)));
const ACTORS = Number(option('actors') ?? '8');
const CLIENTS = Number(option('clients') ?? '6');
/** Seconds between faults: a fault every 3-7 s in a short run, every 8-20 s in a long one. */
const FAULT_GAP: [number, number] = MINUTES <= 2 ? [3, 7] : [8, 20];

/** mulberry32: a small seeded generator, one per actor, so a seed replays the same choices. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: () => number, lo: number, hi: number) => lo + r() * (hi - lo);

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (msg: string) => console.log(`[chaos ${elapsed()}] ${msg}`);

async function freePort(): Promise<number> {
  const srv = createTcpServer();
  await new Promise<void>((done) => srv.listen(0, '127.0.0.1', done));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((done) => srv.close(() => done()));
  return port;
}

// ------------------------------------------------------------------------- Postgres behind a stall-able proxy

/** Forwards TCP to Postgres; `stall(ms)` holds every byte in both directions for a while (connections stay open). */
class StallingProxy {
  private server: TcpServer | undefined;
  private stalled = false;
  private readonly flushers = new Set<() => void>();
  port = 0;

  async start(): Promise<void> {
    this.server = createTcpServer((client) => {
      const upstream = connect(5432, '127.0.0.1');
      this.forward(client, upstream);
      this.forward(upstream, client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private forward(from: Socket, to: Socket): void {
    const held: Buffer[] = [];
    const flush = () => {
      while (held.length > 0 && !to.destroyed) to.write(held.shift()!);
    };
    this.flushers.add(flush);
    from.on('close', () => this.flushers.delete(flush));
    from.on('data', (chunk: Buffer) => {
      if (this.stalled) held.push(chunk);
      else to.write(chunk);
    });
  }

  async stall(ms: number): Promise<void> {
    this.stalled = true;
    await sleep(ms);
    this.stalled = false;
    for (const flush of this.flushers) flush();
  }

  close(): void {
    this.server?.close();
  }
}

// ---------------------------------------------------------------------------------------- our own Redis

class OwnRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await this.ping()) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  private ping(): Promise<boolean> {
    return new Promise((done) => {
      const s = connect(this.port, '127.0.0.1');
      s.on('error', () => done(false));
      s.on('connect', () => s.write('PING\r\n'));
      s.on('data', (d) => {
        done(d.toString().startsWith('+PONG'));
        s.destroy();
      });
    });
  }

  /** SIGKILL: every key (every Bull job) is gone; it comes back empty after `downMs`. */
  async restart(downMs: number): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    }
    await sleep(downMs);
    await this.start();
  }

  stop(): void {
    this.child?.kill('SIGKILL');
  }
}

// --------------------------------------------------------------------------------------- the service

type Role = 'api' | 'worker';

class ServiceProcess {
  child: ChildProcess | undefined;
  constructor(
    readonly role: Role,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const log = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [MAIN], {
      env: { ...this.env, APP_ROLE: this.role, PORT: String(this.port) },
      stdio: ['ignore', log, log],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`${this.role} on ${this.port} exited at start; see ${this.logFile}`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${this.role} on ${this.port} did not answer /health in 60 s`);
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
}

// ------------------------------------------------------------------------------------------ the run

interface Client {
  index: number;
  clientId: string;
  accountId: string;
  keyId: string;
  secret: string;
  token: string;
  /**
   * Payments this client received, from outside (deposits) and on-us (P2P from another client): what
   * reversals and MED act on, so a MED approval returns money both through the SPI and on-us.
   */
  received: { endToEndId: string; amount: string }[];
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: Record<string, unknown>; error?: { code?: string } };
}

const findings: string[] = [];
const counts: Record<string, number> = {};
const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
/** Every 2xx the workload got for a money movement: kind and the record id it names. */
const acknowledged: { kind: 'transaction' | 'reversal' | 'charge'; id: string; what: string }[] = [];

async function main(): Promise<void> {
  say(`seed ${SEED}, ${MINUTES} min of workload, ${ACTORS} actors, ${CLIENTS} clients`);
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const db = `ips_chaos_${runId}`;
  const logDir = join(tmpdir(), `ips-chaos-${runId}`);
  mkdirSync(logDir, { recursive: true });
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${db}"`);
  await admin.end();

  const proxy = new StallingProxy();
  await proxy.start();
  const redis = new OwnRedis(await freePort());
  await redis.start();
  const receiver = await startReceiver();

  // NODE_ENV=production signs the QR payloads only with a key of the environment: a throwaway one for this run.
  const signing = await makeDevelopmentKey('pix.sandbox.local', new Date());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PIX_QR_SIGNING_KEY: signing.keyPem,
    PIX_QR_SIGNING_CERTS: signing.certPem,
    PIX_PROVIDER: 'sandbox',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${db}`,
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    REDIS_KEY_PREFIX: 'chaos',
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex'),
    // NODE_ENV=production refuses to start with /metrics on and no token.
    METRICS_TOKEN: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SANDBOX_SPI_LATENCY_MS: '20',
    SPI_TIMEOUT_MS: '1000',
    SETTLEMENT_MAX_ATTEMPTS: '3',
    SETTLEMENT_BACKOFF_MS: '200',
    SETTLEMENT_LOCK_MS: '2000',
    RECONCILE_AFTER_MS: '4000',
    RECONCILE_INTERVAL_MS: '1000',
    DB_STATEMENT_TIMEOUT_MS: '3000',
    DB_LOCK_TIMEOUT_MS: '1500',
    DB_POOL_TIMEOUT_MS: '2000',
    RATE_LIMIT_PER_MINUTE: '10000000',
    LOOKUP_RATE_LIMIT_PER_MINUTE: '10000000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    OUTBOX_POLL_MS: '200',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s,2s,3s,5s,10s,20s',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_RESCUE_AFTER_MS: '3000',
    NODE_EXTRA_CA_CERTS: resolve(ROOT, 'test/fixtures/tls/ca.pem'),
  };

  const procs: ServiceProcess[] = [];
  const launch = async (role: Role) => {
    const p = new ServiceProcess(role, await freePort(), env, join(logDir, `${role}-${procs.length}.log`));
    procs.push(p);
    await p.start();
    return p;
  };
  await launch('api'); // the first one applies the migrations
  await Promise.all([launch('api'), launch('worker'), launch('worker')]);
  const live = (role: Role) => procs.filter((p) => p.role === role && p.alive);
  say(`up: 2 api, 2 worker; logs in ${logDir}`);

  // Clients with opening balances, an EVP key each (to receive charges) and a webhook each.
  // Not spawnSync: the Postgres proxy lives in this process's event loop, and the CLI goes through it.
  const cli = async (args: string[]) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...env, APP_ROLE: 'api', MIGRATIONS_RUN: 'false' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    if (code !== 0) throw new Error(`cli ${args[0]} failed: ${err}`);
    return JSON.parse(out) as Record<string, string>;
  };
  const adminKey = await cli(['admin:create', '--name', 'Chaos Admin']);
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const c = await cli(['client:create', '--name', `Chaos ${i}`, '--document', randomCpf(), '--balance', '1000.00']);
    clients.push({
      index: i,
      clientId: c.client_id!,
      accountId: c.account_id!,
      keyId: c.key_id!,
      secret: c.secret_key!,
      token: '',
      received: [],
    });
  }
  const api = new Api(() => live('api'));
  const adminToken = await api.token(adminKey.key_id!, adminKey.secret_key!);
  for (const c of clients) {
    c.token = await api.token(c.keyId, c.secret);
    // Half the clients pay a fee on what they receive, so fees are part of the sums.
    if (c.index % 2 === 1) {
      await api.must('PUT', `/api/v1/admin/clients/${c.clientId}/fees/cash_in`, adminToken, { fixed_amount: '0.10', percent: '1.5' });
    }
    // Caps high enough that the default daily and monthly Pix limits do not refuse the workload after a minute.
    for (const period of ['daytime', 'nighttime', 'daily', 'monthly']) {
      const asked = await api.must('POST', '/api/v1/pix/limits/requests', c.token, {
        type: 'pix_out',
        period,
        requested_amount: '100000000.00',
      });
      await api.must('POST', `/api/v1/admin/limits/requests/${String(asked.body.data?.id)}/approve`, adminToken, {});
    }
    await api.must('POST', '/api/v1/pix/keys', c.token, { key_type: 'EVP' });
    await api.must('POST', '/api/v1/webhooks', c.token, { url: `https://localhost:${receiver.port}/c/${c.clientId}` });
  }

  // The workload and the faults, side by side until the deadline.
  const deadline = Date.now() + MINUTES * 60_000;
  const faults = runFaults(deadline, { procs, live, launch, redis, proxy });
  await Promise.all(Array.from({ length: ACTORS }, (_, i) => actor(i, deadline, api, clients)));
  const faultLog = await faults;
  say(`workload done: ${JSON.stringify(counts)}`);

  // Everything back up, then the queues drain.
  for (const role of ['api', 'worker'] as const) while (live(role).length < 2) await launch(role);
  const drainedIn = await quiesce(env.DATABASE_URL!, receiver);
  say(`quiet ${drainedIn.toFixed(1)} s after the last fault`);

  const ok = await check(env.DATABASE_URL!, api, adminToken, receiver, clients, faultLog, drainedIn);
  await Promise.all(procs.map((p) => p.kill()));
  redis.stop();
  proxy.close();
  receiver.server.close();
  if (ok) {
    const drop = new pg.Client({ connectionString: PG_ADMIN });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await drop.end();
  } else {
    say(`database ${db} and logs in ${logDir} kept for inspection`);
  }
  process.exit(ok ? 0 : 1);
}

/** Requests to a random live API process; a lost answer (connection error, 503, a claim still in use) is retried as it was. */
class Api {
  constructor(private readonly apis: () => ServiceProcess[]) {}

  async call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const target = this.apis();
      if (target.length === 0 || attempt > 0) await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)));
      const p = this.apis()[Math.floor(Math.random() * Math.max(1, this.apis().length))];
      if (!p) continue;
      try {
        const res = await fetch(`http://127.0.0.1:${p.port}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const answer: Answer = { status: res.status, body: (await res.json().catch(() => ({}))) as Answer['body'] };
        if (res.status >= 500 && res.status !== 503)
          findings.push(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer.body)}`);
        const retry = res.status >= 500 || answer.body.error?.code === 'IDEMPOTENCY_KEY_IN_USE';
        if (!retry) return answer;
        count('retried (5xx or claim in use)');
      } catch {
        count('retried (answer lost)');
      }
      if (attempt > 40) throw new Error(`${method} ${path}: no answer after ${attempt} tries`);
    }
  }

  async must(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
    const a = await this.call(method, path, token, body);
    if (a.status >= 300) throw new Error(`${method} ${path} -> ${a.status} ${JSON.stringify(a.body)}`);
    return a;
  }

  async token(keyId: string, secret: string): Promise<string> {
    const a = await this.call('POST', '/api/v1/auth/bearer-token', null, {}, { 'x-key-id': keyId, 'x-secret-key': secret });
    if (a.status !== 200) throw new Error(`token -> ${a.status}`);
    return (a.body as { token: string }).token;
  }
}

/** The cents of a cash-out choose its sandbox fate: .91/.92 rejected, .93 timed out, .94 returned later, else settled. */
const CASH_OUT_CENTS = ['01', '37', '50', '91', '92', '93', '94'];

async function actor(index: number, deadline: number, api: Api, clients: Client[]): Promise<void> {
  const r = prng(SEED + index * 7919);
  const me = clients[index % clients.length]!;
  const others = clients.filter((c) => c !== me);
  const money = (max: number) => `${Math.floor(between(r, 1, max))}.${pick(r, ['00', '10', '25', '37', '50', '99'])}`;
  /** An idempotent request, sometimes sent twice as a client whose answer was lost would: both answers must agree. */
  const idempotent = async (what: string, path: string, token: string, body: unknown, headers: Record<string, string> = {}) => {
    const key = randomUUID();
    const first = await api.call('POST', path, token, body, { 'x-idempotency-key': key, ...headers });
    if (first.status < 300 && r() < 0.15) {
      const again = await api.call('POST', path, token, body, { 'x-idempotency-key': key, ...headers });
      count('idempotent replays');
      const id = (a: Answer) => a.body.transaction_id ?? a.body.data?.transaction_id ?? a.body.data?.id;
      if (again.status !== first.status || id(again) !== id(first)) {
        findings.push(
          `${what}: a replayed idempotency key answered ${again.status} ${String(id(again))}, first ${first.status} ${String(id(first))}`,
        );
      }
    }
    return first;
  };

  while (Date.now() < deadline) {
    const op = pick(r, [
      'deposit',
      'deposit',
      'cash_out',
      'cash_out',
      'cash_out',
      'p2p',
      'p2p',
      'charge_on_us',
      'charge_sandbox',
      'reversal',
      'med',
    ]);
    count(op);
    try {
      if (op === 'deposit') {
        const a = await api.call('POST', '/api/v1/sandbox/deposits', me.token, { amount: money(200) });
        if (a.status === 200) {
          const d = a.body.data as { transaction_id: string; end_to_end_id: string; amount: string };
          acknowledged.push({ kind: 'transaction', id: d.transaction_id, what: 'deposit' });
          me.received.push({ endToEndId: d.end_to_end_id, amount: d.amount });
        }
      } else if (op === 'cash_out') {
        const amount = `${Math.floor(between(r, 1, 60))}.${pick(r, CASH_OUT_CENTS)}`;
        const a = await idempotent('cash-out', '/api/v1/pix/cash-out', me.token, {
          amount,
          pix_key: 'chaos@example.com',
          pix_key_type: 'EMAIL',
        });
        if (a.status === 200) acknowledged.push({ kind: 'transaction', id: String(a.body.transaction_id), what: 'cash-out' });
      } else if (op === 'p2p') {
        const to = pick(r, others);
        const a = await idempotent('p2p', '/api/v1/pix/p2p/transfers', me.token, { to_account_id: to.accountId, amount: money(50) });
        if (a.status === 201) {
          acknowledged.push({ kind: 'transaction', id: String(a.body.data?.transaction_id), what: 'p2p' });
          to.received.push({ endToEndId: String(a.body.data?.end_to_end_id), amount: String(a.body.data?.amount) });
        }
      } else if (op === 'charge_on_us' || op === 'charge_sandbox') {
        const payee = pick(r, others);
        const amount = money(40);
        const charge = await idempotent('charge', '/api/v1/pix/cash-in/qrcode', payee.token, { amount, reference: 'chaos' });
        if (charge.status !== 200) continue;
        const chargeId = String(charge.body.transaction_id);
        acknowledged.push({ kind: 'charge', id: chargeId, what: 'charge' });
        if (op === 'charge_sandbox') {
          await api.call('POST', `/api/v1/sandbox/cash-in/${chargeId}/pay`, payee.token, {});
        } else {
          const decoded = await api.call('POST', '/api/v1/pix/qrcode/decode', me.token, { br_code: charge.body.qr_code_text });
          if (decoded.status !== 200) continue;
          const e2e = String(decoded.body.end_to_end_id);
          const paid = await idempotent('charge payment', '/api/v1/pix/cash-out', me.token, { amount }, { 'x-pix-lookup-e2e': e2e });
          if (paid.status === 200) acknowledged.push({ kind: 'transaction', id: String(paid.body.transaction_id), what: 'charge payment' });
        }
      } else if (op === 'reversal') {
        const original = me.received.length > 0 ? pick(r, me.received) : undefined;
        if (!original) continue;
        const a = await idempotent('reversal', '/api/v1/pix/reversals', me.token, {
          end_to_end_id: original.endToEndId,
          amount: '1.00',
          external_id: `chaos-${randomUUID()}`,
        });
        if (a.status === 200) acknowledged.push({ kind: 'reversal', id: String(a.body.data?.id), what: 'reversal' });
      } else if (op === 'med') {
        const original = me.received.length > 0 ? me.received.splice(Math.floor(r() * me.received.length), 1)[0] : undefined;
        if (!original) continue;
        const opened = await api.call('POST', '/api/v1/sandbox/med', me.token, { end_to_end_id: original.endToEndId, amount: '2.00' });
        if (opened.status !== 200) continue;
        const medId = String(opened.body.data?.id);
        await api.call('POST', `/api/v1/pix/med/${medId}/respond`, me.token, { action: r() < 0.5 ? 'approve' : 'reject' });
      }
    } catch (err) {
      findings.push(`actor ${index} ${op}: ${(err as Error).message}`);
    }
  }
}

interface FaultTargets {
  procs: ServiceProcess[];
  live: (role: Role) => ServiceProcess[];
  launch: (role: Role) => Promise<ServiceProcess>;
  redis: OwnRedis;
  proxy: StallingProxy;
}

async function runFaults(deadline: number, t: FaultTargets): Promise<Record<string, number>> {
  const r = prng(SEED ^ 0x5eed);
  const log: Record<string, number> = {};
  while (Date.now() < deadline) {
    await sleep(between(r, FAULT_GAP[0], FAULT_GAP[1]) * 1000);
    if (Date.now() >= deadline) break;
    const fault = pick(r, ['kill worker', 'kill api', 'restart redis', 'stall postgres']);
    log[fault] = (log[fault] ?? 0) + 1;
    say(`fault: ${fault}`);
    try {
      if (fault === 'kill worker') {
        const victim = t.live('worker')[0];
        await victim?.kill();
        await sleep(between(r, 500, 2500));
        await t.launch('worker');
      } else if (fault === 'kill api') {
        const victims = t.live('api');
        if (victims.length > 1) await victims[Math.floor(r() * victims.length)]!.kill();
        await t.launch('api');
      } else if (fault === 'restart redis') {
        await t.redis.restart(between(r, 300, 1500));
      } else {
        await t.proxy.stall(between(r, 500, 2000));
      }
    } catch (err) {
      findings.push(`fault ${fault}: ${(err as Error).message}`);
    }
  }
  return log;
}

// ------------------------------------------------------------------------------------ webhook receiver

interface Receiver {
  server: Server;
  port: number;
  /** Event ids received per client id (from the path), and the total count of requests. */
  byClient: Map<string, Set<string>>;
  requests: number;
}

async function startReceiver(): Promise<Receiver> {
  const dir = resolve(ROOT, 'test/fixtures/tls');
  const receiver: Receiver = { server: undefined as unknown as Server, port: 0, byClient: new Map(), requests: 0 };
  receiver.server = createHttpsServer(
    { key: readFileSync(`${dir}/receiver.key`), cert: readFileSync(`${dir}/receiver.pem`) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiver.requests += 1;
        const clientId = (req.url ?? '').split('/')[2] ?? '';
        const event = JSON.parse(Buffer.concat(chunks).toString()) as { id: string };
        const seen = receiver.byClient.get(clientId) ?? new Set<string>();
        seen.add(event.id);
        receiver.byClient.set(clientId, seen);
        res.writeHead(204).end();
      });
    },
  );
  await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
  receiver.port = (receiver.server.address() as AddressInfo).port;
  return receiver;
}

// ------------------------------------------------------------------------------------------- checking

/** Waits until no payment, refund or delivery is in flight; returns how long it took. */
async function quiesce(databaseUrl: string, receiver: Receiver): Promise<number> {
  const t0 = Date.now();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (;;) {
      const [row] = (
        await db.query(`SELECT
          (SELECT count(*) FROM transactions WHERE status IN ('queued', 'processing'))::int AS payments,
          (SELECT count(*) FROM reversals WHERE status NOT IN ('completed', 'failed'))::int AS reversals,
          (SELECT count(*) FROM webhook_events)::int AS undispatched,
          (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS deliveries`)
      ).rows as { payments: number; reversals: number; undispatched: number; deliveries: number }[];
      if (row && row.payments + row.reversals + row.undispatched + row.deliveries === 0) return (Date.now() - t0) / 1000;
      if (Date.now() - t0 > 180_000) {
        findings.push(`stuck 180 s after the workload: ${JSON.stringify(row)} (received ${receiver.requests} webhook requests)`);
        return (Date.now() - t0) / 1000;
      }
      await sleep(500);
    }
  } finally {
    await db.end();
  }
}

async function check(
  databaseUrl: string,
  api: Api,
  adminToken: string,
  receiver: Receiver,
  clients: Client[],
  faultLog: Record<string, number>,
  drainedIn: number,
): Promise<boolean> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  const q = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];
  const violations: string[] = [...findings];

  // 1. Conservation, per account and in total: each balance equals the sum of the effects of its payments
  // (a returned cash-out stays a debit; the money back is its own `reversal_in`).
  const accounts = await q<{ id: string; actual: string; expected: string }>(
    `SELECT a.id, (a.available + a.blocked)::text AS actual, COALESCE((
       SELECT sum(CASE
         WHEN t.type = 'cash_in' AND t.status = 'completed' THEN t.amount - t.tax_amount
         WHEN t.type = 'cash_out' AND t.status IN ('completed', 'returned') THEN -t.amount
         WHEN t.type IN ('p2p_in', 'reversal_in') AND t.status = 'completed' THEN t.amount
         WHEN t.type IN ('p2p_out', 'reversal_out', 'med_return') AND t.status = 'completed' THEN -t.amount
         ELSE 0 END)
       FROM transactions t WHERE t.account_id = a.id), 0)::text AS expected
     FROM ledger_accounts a`,
  );
  const cents = (s: string) => Math.round(Number(s) * 100);
  let total = 0;
  let expected = 0;
  for (const a of accounts) {
    total += cents(a.actual);
    expected += cents(a.expected);
    if (cents(a.actual) !== cents(a.expected)) violations.push(`account ${a.id}: balance ${a.actual}, payments say ${a.expected}`);
  }
  // Money that crossed the service's edge: on-us payments (both sides ours) are neither in nor out.
  const [flows] = await q<{ came_in: string; went_out: string; fees: string }>(
    `SELECT
       COALESCE(sum(CASE
         WHEN t.type = 'cash_in' AND t.status = 'completed' AND o.id IS NULL THEN t.amount
         WHEN t.type = 'reversal_in' AND t.status = 'completed' AND o.id IS NULL THEN t.amount END), 0)::text AS came_in,
       COALESCE(sum(CASE
         WHEN t.type = 'cash_out' AND t.status IN ('completed', 'returned') AND o.id IS NULL THEN t.amount
         WHEN t.type IN ('reversal_out', 'med_return') AND t.status = 'completed' AND o.id IS NULL THEN t.amount END), 0)::text AS went_out,
       COALESCE(sum(CASE WHEN t.type = 'cash_in' AND t.status = 'completed' THEN t.tax_amount END), 0)::text AS fees
     FROM transactions t
     LEFT JOIN transactions o ON o.end_to_end_id = t.end_to_end_id AND o.id <> t.id AND o.status = 'completed' AND (
       (t.type = 'cash_in' AND o.type = 'cash_out') OR (t.type = 'cash_out' AND o.type = 'cash_in')
       OR (t.type = 'reversal_in' AND o.type = 'reversal_out') OR (t.type = 'reversal_out' AND o.type = 'reversal_in')
       OR (t.type = 'reversal_in' AND o.type = 'med_return') OR (t.type = 'med_return' AND o.type = 'reversal_in'))`,
  );
  const drift = total - (cents(flows!.came_in) - cents(flows!.went_out) - cents(flows!.fees));

  // 2. Nothing negative.
  const [negative] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_accounts WHERE available < 0 OR blocked < 0`);
  if (negative!.n > 0) violations.push(`${negative!.n} accounts with a negative available or blocked amount`);

  // 3. The ledger check.
  const verify = await api.call('GET', '/api/v1/admin/ledger/verify', adminToken);
  const verdict = verify.body.data as { balanced?: boolean; journals_checked?: number } | undefined;
  if (verify.status !== 200 || verdict?.balanced !== true)
    violations.push(`ledger verify: ${verify.status} ${JSON.stringify(verify.body)}`);

  // 4. Every payment reached exactly one terminal state, and the SPI settled it at most once in effect.
  const [unfinished] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM cash_outs WHERE status NOT IN ('completed', 'failed', 'returned')`,
  );
  if (unfinished!.n > 0) violations.push(`${unfinished!.n} cash-outs not terminal`);
  const doubleEnds = await q<{ aggregate_id: string; n: number }>(
    `SELECT aggregate_id, count(*)::int AS n FROM outbox_messages WHERE event_type IN ('cash_out.completed', 'cash_out.failed')
     GROUP BY aggregate_id HAVING count(*) <> 1`,
  );
  for (const d of doubleEnds) violations.push(`cash-out ${d.aggregate_id} ended ${d.n} times`);
  const [noEnd] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM cash_outs c WHERE NOT EXISTS (
       SELECT 1 FROM outbox_messages m WHERE m.aggregate_id = c.id::text AND m.event_type IN ('cash_out.completed', 'cash_out.failed'))`,
  );
  if (noEnd!.n > 0) violations.push(`${noEnd!.n} cash-outs without their terminal event`);
  const spiMismatch = await q<{ id: string; status: string; outcome: string | null }>(
    `SELECT c.id, c.status, o.outcome FROM cash_outs c LEFT JOIN sandbox_spi_orders o ON o.end_to_end_id = c.end_to_end_id
     WHERE NOT EXISTS (SELECT 1 FROM transactions i WHERE i.type = 'cash_in' AND i.end_to_end_id = c.end_to_end_id)
       AND ((c.status IN ('completed', 'returned') AND COALESCE(o.outcome, '') <> 'settled')
         OR (c.status = 'failed' AND o.outcome = 'settled'))`,
  );
  for (const m of spiMismatch) violations.push(`cash-out ${m.id} is ${m.status} but the SPI order is ${m.outcome ?? 'missing'}`);
  const reversalEnds = await q<{ id: string; n: number }>(
    `SELECT r.id::text, count(m.id)::int AS n FROM reversals r
     LEFT JOIN outbox_messages m ON m.aggregate_id = r.id::text AND m.event_type IN ('reversal.completed', 'reversal.failed')
     GROUP BY r.id HAVING count(m.id) <> 1`,
  );
  for (const d of reversalEnds) violations.push(`reversal ${d.id} ended ${d.n} times`);

  // 4b. An approved MED gives the money back to the payer: on-us at once (a `reversal_in` of the same
  // amount and end-to-end id, so nothing stays in the settlement account), otherwise through the SPI
  // (the return's order settled exactly when the return completed), and never left half way.
  const medReturns = await q<{
    id: string;
    return_status: string;
    tx_status: string;
    on_us: boolean;
    credited: string | null;
    spi: string | null;
  }>(
    `SELECT m.id::text, m.return_status, t.status AS tx_status, (t.receiver->'bank'->>'ispb') = $1 AS on_us,
            (SELECT sum(i.amount)::text FROM transactions i WHERE i.type = 'reversal_in' AND i.end_to_end_id = t.end_to_end_id) AS credited,
            o.outcome AS spi
     FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id
     LEFT JOIN sandbox_spi_orders o ON o.end_to_end_id = t.end_to_end_id
     WHERE m.status = 'APPROVED'`,
    [PSP_ISPB],
  );
  for (const m of medReturns) {
    if (m.return_status !== m.tx_status) violations.push(`MED ${m.id}: return ${m.return_status} but its med_return is ${m.tx_status}`);
    if (m.on_us) {
      if (m.return_status !== 'completed' || m.credited === null || m.spi !== null)
        violations.push(
          `MED ${m.id}: on-us return ${m.return_status}, payer credited ${m.credited ?? 'nothing'}, SPI order ${m.spi ?? 'none'}`,
        );
    } else if ((m.return_status === 'completed') !== (m.spi === 'settled') || m.return_status === 'processing') {
      violations.push(`MED ${m.id}: return ${m.return_status} but the SPI order is ${m.spi ?? 'missing'}`);
    }
  }
  const [onUsMedReturns] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM med_requests m JOIN transactions t ON t.id = m.return_transaction_id
     WHERE (t.receiver->'bank'->>'ispb') = $1`,
    [PSP_ISPB],
  );
  const [orders] = await q<{ orders: number; resent: number }>(
    `SELECT count(*)::int AS orders, COALESCE(sum(sends - 1), 0)::int AS resent FROM sandbox_spi_orders`,
  );
  const [reversalsOpen] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM reversals WHERE status NOT IN ('completed', 'failed')`);
  if (reversalsOpen!.n > 0) violations.push(`${reversalsOpen!.n} reversals not terminal`);
  const creditedTwice = await q<{ transaction_id: string }>(
    `SELECT transaction_id::text FROM ledger_entries WHERE operation_type = 'credit' AND transaction_id IS NOT NULL
     GROUP BY transaction_id, account_id HAVING count(*) > 1`,
  );
  for (const c of creditedTwice) violations.push(`transaction ${c.transaction_id} credited twice`);

  // 5. Every acknowledged request is there exactly once.
  const ids = (kind: string) => acknowledged.filter((a) => a.kind === kind).map((a) => a.id);
  const present = new Set(
    [
      ...(await q<{ id: string }>(`SELECT id::text FROM transactions WHERE id = ANY($1::uuid[])`, [ids('transaction')])),
      ...(await q<{ id: string }>(`SELECT id::text FROM reversals WHERE id = ANY($1::uuid[])`, [ids('reversal')])),
      ...(await q<{ id: string }>(`SELECT id::text FROM cash_in_charges WHERE id = ANY($1::uuid[])`, [ids('charge')])),
    ].map((r) => r.id),
  );
  for (const a of acknowledged) if (!present.has(a.id)) violations.push(`acknowledged ${a.what} ${a.id} is missing`);

  // 6. Webhooks: every event after each webhook's registration reached its own client's receiver, none another's.
  const events = await q<{ event_id: string; client_id: string }>(
    `SELECT m.event_id::text, m.client_id::text FROM outbox_messages m JOIN webhooks w ON w.client_id = m.client_id
     WHERE m.webhook AND m.id > w.from_event_row`,
  );
  const owner = new Map(
    (await q<{ event_id: string; client_id: string }>(`SELECT event_id::text, client_id::text FROM outbox_messages WHERE webhook`)).map(
      (e) => [e.event_id, e.client_id],
    ),
  );
  let missing = 0;
  for (const e of events) if (!receiver.byClient.get(e.client_id)?.has(e.event_id)) missing += 1;
  if (missing > 0) violations.push(`${missing} of ${events.length} webhook events never reached their receiver`);
  let misdelivered = 0;
  for (const [clientId, seen] of receiver.byClient) for (const id of seen) if (owner.get(id) !== clientId) misdelivered += 1;
  if (misdelivered > 0) violations.push(`${misdelivered} webhook events reached another client's receiver`);
  await db.query('ROLLBACK');
  await db.end();

  const moneyMoves = Object.entries(counts)
    .filter(([k]) => !k.startsWith('retried') && k !== 'idempotent replays')
    .reduce((n, [, v]) => n + v, 0);
  console.log('\n=== chaos bank result ===');
  console.log(`seed ${SEED}; ${MINUTES} min; ${clients.length} clients; ${moneyMoves} operations: ${JSON.stringify(counts)}`);
  console.log(`faults injected: ${JSON.stringify(faultLog)}`);
  console.log(`acknowledged requests checked: ${acknowledged.length}; journals: ${verdict?.journals_checked ?? '?'}`);
  console.log(`SPI orders: ${orders!.orders}, re-sends answered from the order book (never settled twice): ${orders!.resent}`);
  console.log(`MED approvals returning money: ${medReturns.length} (${onUsMedReturns!.n} to a payer here, credited at once)`);
  console.log(
    `client balances ${(total / 100).toFixed(2)} = came in ${flows!.came_in} - went out ${flows!.went_out} - fees ${flows!.fees}` +
      ` -> drift ${(drift / 100).toFixed(2)}; per-account drift ${((total - expected) / 100).toFixed(2)}`,
  );
  if (drift !== 0) violations.push(`money drifted by ${(drift / 100).toFixed(2)}`);
  console.log(
    `webhook events: ${events.length} due, ${receiver.requests} requests received; drained ${drainedIn.toFixed(1)} s after the workload`,
  );
  console.log(violations.length === 0 ? 'no violation' : `VIOLATIONS (${violations.length}):\n  ${violations.slice(0, 50).join('\n  ')}`);
  return violations.length === 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
