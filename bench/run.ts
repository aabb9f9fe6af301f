/**
 * Prints throughput and latency of the hot paths on this machine: ledger movements (serial and
 * contended on one account), authenticated GETs over HTTP, cash-out creation, charge creation (with
 * its QR PNG), paying charges on-us (Flow 3: decode + cash-out, then settlement) and P2P transfers (32
 * connections over distinct pairs, and from one hot payer) and webhook delivery (events/s to local HTTPS
 * receivers and the lag from the state change to the receiver, alone and beside a receiver that takes
 * 10 s per answer; then another client's lag while one client's 10 webhooks never answer), and what the
 * Prometheus metrics cost (the balance GET and cash-out creation with METRICS_ENABLED on and off). Numbers
 * only, never asserted. Uses its own database (DATABASE_URL, default .../ips_bench) and Redis prefix;
 * `npm run bench` trusts the test CA of the local receivers. `npm run bench -- metrics` runs the metrics
 * section alone, `npm run bench -- webhook-fairness` the webhook fairness one, `npm run bench -- costs` the
 * cost table alone: what one request of each hot path costs, one at a time, in database round trips,
 * statements and CPU, so a capability that adds to a path shows here when it lands. `npm run bench -- statements`
 * seeds a year of a busy account (1,000,000 ledger entries and their transactions, by SQL) and streams its
 * statement as CSV and as OFX over HTTP from a server process of its own: rows per second and that process's
 * peak RSS. `npm run bench -- group-commit` creates cash-outs at 32 connections against an API-only server process
 * with group commit off and on: cash-outs per second, and the commits, statements and CPU (server and Postgres)
 * each cost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../src/config/app.config.js';
import { LedgerService } from '../src/modules/ledger/application/ledger.service.js';
import { OnboardClientUseCase } from '../src/modules/onboarding/application/onboard-client.use-case.js';
import { Money } from '../src/shared/money/money.js';
import { UnitOfWork } from '../src/shared/persistence/unit-of-work.js';
import { PipelinedUnitOfWork } from '../src/shared/persistence/pipelined-unit-of-work.js';
import { SettleCashOutUseCase } from '../src/modules/cash-out/application/settle-cash-out.use-case.js';
import { encodeBrCode } from '../src/shared/domain/br-code/br-code.js';

function randomCpf(): string {
  const d = Array.from(randomBytes(9), (b) => b % 10);
  const dv = (ds: number[], start: number) => {
    const r = ds.reduce((a, x, i) => a + x * (start - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(dv(d, 10));
  d.push(dv(d, 11));
  return d.join('');
}

function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  if (value === undefined) throw new Error('percentile of an empty sample');
  return value;
}

async function timed(label: string, total: number, concurrency: number, op: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await op(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${String(total).padStart(6)} ops  c=${String(concurrency).padStart(2)}  ` +
      `${(total / seconds).toFixed(0).padStart(6)} ops/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
}

async function tokenOf(port: number, key: { key_id: string; secret_key: string }): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/bearer-token`, {
    method: 'POST',
    headers: { 'x-key-id': key.key_id, 'x-secret-key': key.secret_key, 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await res.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  const base = loadConfig();
  const config = {
    ...base,
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ips_bench',
    redisKeyPrefix: `ips_bench_${Date.now()}`,
    logLevel: 'silent',
    rateLimitPerMinute: 10_000_000,
    lookupRateLimitPerMinute: 10_000_000,
    sandboxSpiLatencyMs: 0,
    // The webhook receivers below listen on 127.0.0.1.
    webhookAllowPrivateNetworks: true,
  };
  if (process.argv[2] === 'metrics-server') return metricsServer(config, process.argv[3] === 'on');
  if (process.argv[2] === 'metrics') return benchMetricsCost(config);
  if (process.argv[2] === 'webhook-fairness') return webhookFairnessAlone(config);
  if (process.argv[2] === 'costs') return benchCosts(config);
  if (process.argv[2] === 'statements-server') return statementsServer(config);
  if (process.argv[2] === 'statements') return benchStatements(config);
  if (process.argv[2] === 'group-commit-server') return groupCommitServer(config, Number(process.argv[3]));
  if (process.argv[2] === 'group-commit') return benchGroupCommit();
  if (process.argv[2] !== undefined) {
    throw new Error(`unknown bench section "${process.argv[2]}" (known: metrics, webhook-fairness, costs, statements, group-commit)`);
  }
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const onboard = app.get(OnboardClientUseCase);
  const ledger = app.get(LedgerService);
  const uow = app.get(UnitOfWork);
  console.log(
    `node ${process.version}, ${new Date().toISOString()}, RSS after boot ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );

  const accounts = await Promise.all(Array.from({ length: 20 }, () => onboard.execute('Bench', randomCpf(), undefined, '1000000.00')));
  const account = (i: number) => {
    const onboarded = accounts[i];
    if (!onboarded) throw new Error(`bench account ${i} was not onboarded`);
    return onboarded;
  };
  const debit = (accountId: string) =>
    uow.run(() =>
      ledger.post({ transactionId: null, description: 'bench', lines: [{ accountId, operation: 'debit', amount: Money.of('0.01') }] }),
    );

  await timed('ledger debit, one account, serial', 500, 1, () => debit(account(0).account_id));
  await timed('ledger debit, one account, contended', 1000, 10, () => debit(account(0).account_id));
  await timed('ledger debit, 20 accounts', 2000, 10, (i) => debit(account(i % 20).account_id));

  const token = await tokenOf(port, account(1));
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await timed('HTTP GET /api/v1/pix/balance', 3000, 10, async () => {
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/balance`, { headers: auth });
    if (r.status !== 200) throw new Error(`balance ${r.status}`);
    await r.arrayBuffer();
  });
  await timed('HTTP POST /api/v1/pix/cash-out (queued)', 300, 5, async () => {
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/cash-out`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ amount: '0.01', pix_key: 'bench@example.com', pix_key_type: 'EMAIL' }),
    });
    if (r.status !== 200) throw new Error(`cash-out ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  });

  // Cash-in: a merchant's charges, paid on-us by another client (decode, then a Flow 3 cash-out).
  const merchant = account(2);
  const merchantAuth = { authorization: `Bearer ${await tokenOf(port, merchant)}`, 'content-type': 'application/json' };
  const keyRes = await fetch(`http://127.0.0.1:${port}/api/v1/pix/keys`, {
    method: 'POST',
    headers: merchantAuth,
    body: JSON.stringify({ key_type: 'EVP' }),
  });
  if (keyRes.status !== 200) throw new Error(`key ${keyRes.status}: ${await keyRes.text()}`);
  const charges: { id: string; text: string }[] = [];
  const createCharge = async () => {
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/cash-in/qrcode`, {
      method: 'POST',
      headers: merchantAuth,
      body: JSON.stringify({ amount: '0.05', reference: 'bench' }),
    });
    if (r.status !== 200) throw new Error(`charge ${r.status}: ${await r.text()}`);
    const body = (await r.json()) as { transaction_id: string; qr_code_text: string };
    charges.push({ id: body.transaction_id, text: body.qr_code_text });
  };
  await timed('HTTP POST /api/v1/pix/cash-in/qrcode (+PNG)', 300, 5, createCharge);
  const payAuth = auth;
  const started = performance.now();
  await timed('Flow 3 pay of a charge (decode + cash-out)', charges.length, 5, async (i) => {
    const decoded = await fetch(`http://127.0.0.1:${port}/api/v1/pix/qrcode/decode`, {
      method: 'POST',
      headers: payAuth,
      body: JSON.stringify({ br_code: charges[i]!.text }),
    });
    if (decoded.status !== 200) throw new Error(`decode ${decoded.status}: ${await decoded.text()}`);
    const { end_to_end_id } = (await decoded.json()) as { end_to_end_id: string };
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/cash-out`, {
      method: 'POST',
      headers: { ...payAuth, 'x-pix-lookup-e2e': end_to_end_id },
      body: JSON.stringify({ amount: '0.05' }),
    });
    if (r.status !== 200) throw new Error(`pay ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  });
  const ids = charges.map((c) => c.id);
  for (;;) {
    const rows = (await app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM cash_in_charges WHERE id = ANY($1) AND status = 'completed'`, [ids])) as { n: number }[];
    const n = rows[0]?.n ?? 0;
    if (n === ids.length) break;
    if (performance.now() - started > 120_000) throw new Error(`only ${n} of ${ids.length} charges completed in 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`${ids.length} charges paid and settled on-us ${((performance.now() - started) / 1000).toFixed(1)} s after the first decode`);

  // P2P: 32 connections, over 32 distinct payer -> payee pairs, then from one hot payer to 32 payees.
  const people = await Promise.all(Array.from({ length: 64 }, () => onboard.execute('Bench P2P', randomCpf(), undefined, '100000.00')));
  const person = (i: number) => {
    const p = people[i];
    if (!p) throw new Error(`bench person ${i} was not onboarded`);
    return p;
  };
  const tokens = await Promise.all(people.slice(0, 32).map((p) => tokenOf(port, p)));
  const send = async (payerIndex: number, payeeIndex: number) => {
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/p2p/transfers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[payerIndex]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to_account_id: person(payeeIndex).account_id, amount: '0.01' }),
    });
    if (r.status !== 201) throw new Error(`p2p ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  };
  await timed('HTTP POST /api/v1/pix/p2p/transfers, 32 pairs', 3200, 32, (i) => send(i % 32, 32 + (i % 32)));
  await timed('HTTP POST /api/v1/pix/p2p/transfers, one payer', 1600, 32, (i) => send(0, 32 + (i % 32)));
  await benchWebhooks(port, () => onboard.execute('Bench Hooks', randomCpf()));
  await benchWebhookFairness(port, config.webhookTimeoutMs, () => onboard.execute('Bench Fairness', randomCpf()));
  console.log(
    `RSS at end ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB, heap used ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
  await app.close();
  await benchMetricsCost(config);
  await benchCosts(config);
}

/**
 * The cost table: each hot path run 200 times one after another in an API-only app (no relay, no workers:
 * every round trip counted is the request's own), settlement called directly. Per operation: database
 * round trips and statements (PipelinedUnitOfWork's counters), and CPU time of this process (the server
 * and its in-process HTTP client together: compare rows with rows, and runs with runs), and wall time.
 */
async function benchCosts(config: AppConfig): Promise<void> {
  const app = await createApp({ ...config, appRole: 'api' });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const uow = app.get(PipelinedUnitOfWork);
  const settle = app.get(SettleCashOutUseCase);
  const onboard = app.get(OnboardClientUseCase);
  const payer = await onboard.execute('Bench Costs', randomCpf(), undefined, '1000000.00');
  const payee = await onboard.execute('Bench Costs Payee', randomCpf());
  const auth = { authorization: `Bearer ${await tokenOf(port, payer)}`, 'content-type': 'application/json' };
  const payeeAuth = { authorization: `Bearer ${await tokenOf(port, payee)}`, 'content-type': 'application/json' };
  const keyRes = await fetch(`http://127.0.0.1:${port}/api/v1/pix/keys`, {
    method: 'POST',
    headers: payeeAuth,
    body: JSON.stringify({ key_type: 'EVP' }),
  });
  if (keyRes.status !== 200) throw new Error(`key ${keyRes.status}: ${await keyRes.text()}`);
  const payeeKey = ((await keyRes.json()) as { data: { key_value: string } }).data.key_value;
  const staticCode = encodeBrCode({
    type: 'static',
    pixKey: payeeKey,
    merchantName: 'Bench Payee',
    merchantCity: 'Sao Paulo',
    txid: '***',
  });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${path} ${r.status}: ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const created: string[] = [];
  const paths: [string, (i: number) => Promise<unknown>][] = [
    [
      'GET balance',
      async () => {
        const r = await fetch(`http://127.0.0.1:${port}/api/v1/pix/balance`, { headers: auth });
        if (r.status !== 200) throw new Error(`balance ${r.status}`);
        return r.arrayBuffer();
      },
    ],
    ['POST decode (static, key of ours)', () => post('/api/v1/pix/qrcode/decode', { br_code: staticCode })],
    [
      'POST cash-out by key, with X-Idempotency-Key',
      async () => {
        const body = await post(
          '/api/v1/pix/cash-out',
          { amount: '0.01', pix_key: randomUUID(), pix_key_type: 'EVP' },
          {
            'x-idempotency-key': randomUUID(),
          },
        );
        created.push(body.transaction_id as string);
      },
    ],
    ['settle one cash-out (begin, SPI, outcome)', (i) => settle.execute(created[i]!, false)],
  ];
  console.log('\ncost of one operation, 200 one after another (API-only app; CPU: server and client, one process)');
  console.log(
    `${'path'.padEnd(44)} ${'round trips'.padStart(11)} ${'statements'.padStart(10)} ${'CPU us'.padStart(8)} ${'wall p50 ms'.padStart(11)}`,
  );
  /** Runs `op` n times one after another and prints its row, per operation (each call does `per` of them). */
  const measure = async (label: string, n: number, per: number, op: (i: number) => Promise<unknown>) => {
    const trips = uow.roundTrips;
    const statements = uow.statements;
    const cpu = process.cpuUsage();
    const walls: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await op(i);
      walls.push(performance.now() - t0);
    }
    const used = process.cpuUsage(cpu);
    walls.sort((a, b) => a - b);
    const ops = n * per;
    console.log(
      `${label.padEnd(44)} ${((uow.roundTrips - trips) / ops).toFixed(2).padStart(11)} ${((uow.statements - statements) / ops).toFixed(2).padStart(10)} ` +
        `${((used.user + used.system) / ops).toFixed(0).padStart(8)} ${percentile(walls, 50).toFixed(2).padStart(11)}`,
    );
  };
  for (const [label, op] of paths) {
    for (let i = 0; i < 20; i++) await op(i); // warm-up: statements prepared, caches filled
    if (label.startsWith('POST cash-out')) created.length = 0;
    await measure(label, 200, 1, op);
  }
  // Settlement under load: 32 settled at once, as the worker's 32 jobs do, so its steps run in batches
  // (docs/adr/0085-settlement-in-batches.md). Per payment; the wall time is that of the 32.
  const together = 32;
  const queued: string[] = [];
  for (let i = 0; i < together * 11; i++) {
    const body = await post('/api/v1/pix/cash-out', { amount: '0.01', pix_key: randomUUID(), pix_key_type: 'EVP' });
    queued.push(body.transaction_id as string);
  }
  const settleRound = (r: number) => Promise.all(queued.slice(r * together, (r + 1) * together).map((id) => settle.execute(id, false)));
  await settleRound(10); // warm-up
  await measure(`settle ${together} cash-outs at once (per payment)`, 10, together, settleRound);
  await app.close();
}

/**
 * Webhook delivery: 20 clients, each with a webhook on a local HTTPS receiver answering at once, get
 * sandbox deposits (one `cash_in.completed` each); lag is the receiver's clock at arrival minus the
 * event's `created_at` (one machine, one clock). Then the same again while an extra client's receiver
 * takes 10 s per answer and has a backlog: the fast webhooks' lag must not grow with it.
 */
async function benchWebhooks(port: number, newClient: () => Promise<{ key_id: string; secret_key: string }>): Promise<void> {
  const tls = { key: readFileSync('test/fixtures/tls/receiver.key'), cert: readFileSync('test/fixtures/tls/receiver.pem') };
  /** Arrivals at the fast receivers in arrival order, and a count per slow one. */
  const fastLog: { lagMs: number; at: number }[] = [];
  let slowArrived = 0;
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { created_at: string };
      const answer = () => res.writeHead(204).end();
      if (req.url === '/slow') {
        slowArrived += 1;
        setTimeout(answer, 10_000);
      } else {
        fastLog.push({ lagMs: at - Date.parse(body.created_at), at });
        answer();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const hookPort = (server.address() as AddressInfo).port;
  const http = (path: string, token: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const subscriber = async (path: string) => {
    const token = await tokenOf(port, await newClient());
    const r = await http('/api/v1/webhooks', token, { url: `https://localhost:${hookPort}${path}`, events: ['cash_in.completed'] });
    if (r.status !== 201) throw new Error(`webhook ${r.status}: ${await r.text()}`);
    return token;
  };
  const fast = await Promise.all(Array.from({ length: 20 }, (_, i) => subscriber(`/fast-${i}`)));
  const slow = await subscriber('/slow');
  const deposit = async (token: string) => {
    const r = await http('/api/v1/sandbox/deposits', token, { amount: '0.01' });
    if (r.status !== 200) throw new Error(`deposit ${r.status}: ${await r.text()}`);
    await r.arrayBuffer();
  };
  const run = async (label: string, events: number) => {
    const before = fastLog.length;
    const t0 = performance.now();
    const wall0 = Date.now();
    await timed(`sandbox deposits to 20 webhooks${label}`, events, 16, (i) => deposit(fast[i % fast.length]!));
    const deadline = performance.now() + 120_000;
    while (fastLog.length < before + events) {
      if (performance.now() > deadline) throw new Error(`only ${fastLog.length - before} of ${events} webhooks arrived in 120 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const got = fastLog.slice(before);
    const lags = got.map((a) => a.lagMs).sort((a, b) => a - b);
    const seconds = (Math.max(...got.map((a) => a.at)) - wall0) / 1000;
    console.log(
      `${`webhooks delivered${label}`.padEnd(44)} ${String(events).padStart(6)} evts       ` +
        `${(events / seconds).toFixed(0).padStart(6)} evt/s  lag p50 ${percentile(lags, 50).toFixed(0)} ms  ` +
        `p99 ${percentile(lags, 99).toFixed(0)} ms  max ${lags.at(-1)!.toFixed(0)} ms (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  };
  await run('', 2000);
  // 40 events for a receiver that answers in 10 s: with 4 in flight per webhook it holds 4 slots, not all 32.
  await Promise.all(Array.from({ length: 40 }, () => deposit(slow)));
  await run(', beside a 10 s receiver', 2000);
  console.log(`slow receiver (10 s per answer): ${slowArrived} of 40 received meanwhile (4 in flight at a time)`);
  server.closeAllConnections();
  server.close();
}

/** `npm run bench -- webhook-fairness`: the fairness scenario alone, in an app of its own. */
async function webhookFairnessAlone(config: AppConfig): Promise<void> {
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const onboard = app.get(OnboardClientUseCase);
  await benchWebhookFairness(port, config.webhookTimeoutMs, () => onboard.execute('Bench Fairness', randomCpf()));
  await app.close();
}

/**
 * Fairness between clients (issue 25): one client's 10 webhooks point at receivers that never answer (each
 * try ends at WEBHOOK_TIMEOUT_MS) and it gets 12 events, 120 deliveries, more than a process's 32 slots.
 * Meanwhile another client gets an event every 200 ms for two timeouts and a bit; its lag (receipt minus the
 * event's `created_at`) is printed, with how many of the hanging client's requests were held open at once.
 */
async function benchWebhookFairness(
  port: number,
  timeoutMs: number,
  newClient: () => Promise<{ key_id: string; secret_key: string }>,
): Promise<void> {
  const tls = { key: readFileSync('test/fixtures/tls/receiver.key'), cert: readFileSync('test/fixtures/tls/receiver.pem') };
  const lags: number[] = [];
  let held = 0;
  let heldPeak = 0;
  let hangingTries = 0;
  const server = createServer(tls, (req, res) => {
    if (req.url?.startsWith('/hang-')) {
      // Never answered: the try ends when the sender gives up (its timeout) or the bench closes the server.
      hangingTries += 1;
      heldPeak = Math.max(heldPeak, ++held);
      req.socket.once('close', () => (held -= 1));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      lags.push(Date.now() - Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { created_at: string }).created_at));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const hookPort = (server.address() as AddressInfo).port;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${method} ${path} ${r.status}: ${await r.text()}`);
    return (await r.json()) as { data?: { id: string } };
  };
  const subscribe = async (token: string, path: string) =>
    (await call('POST', '/api/v1/webhooks', token, { url: `https://localhost:${hookPort}${path}`, events: ['cash_in.completed'] })).data!
      .id;
  const deposit = (token: string) => call('POST', '/api/v1/sandbox/deposits', token, { amount: '0.01' });

  const hanging = await tokenOf(port, await newClient());
  const hooks = await Promise.all(Array.from({ length: 10 }, (_, i) => subscribe(hanging, `/hang-${i}`)));
  const other = await tokenOf(port, await newClient());
  await subscribe(other, '/other');
  for (let i = 0; i < 12; i++) await deposit(hanging);
  const t0 = performance.now();
  while (held === 0 && performance.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));

  const windowMs = 2 * timeoutMs + 5000;
  let sent = 0;
  for (const start = performance.now(); performance.now() - start < windowMs; sent++) {
    await deposit(other);
    await new Promise((r) => setTimeout(r, 200));
  }
  const deadline = performance.now() + 180_000;
  while (lags.length < sent) {
    if (performance.now() > deadline) throw new Error(`only ${lags.length} of ${sent} webhooks of the other client arrived`);
    await new Promise((r) => setTimeout(r, 20));
  }
  lags.sort((a, b) => a - b);
  console.log(
    `${"other client's webhooks, beside 10 hanging".padEnd(44)} ${String(sent).padStart(6)} evts       ` +
      `lag p50 ${percentile(lags, 50).toFixed(0)} ms  p99 ${percentile(lags, 99).toFixed(0)} ms  max ${lags.at(-1)!.toFixed(0)} ms`,
  );
  console.log(
    `hanging client (10 webhooks, 120 deliveries, ${timeoutMs} ms timeout): at most ${heldPeak} requests held at once, ` +
      `${hangingTries} tries in ${(windowMs / 1000).toFixed(0)} s`,
  );
  // Its pending deliveries end `failed` at their next turn instead of trying a closed port for days.
  await Promise.all(hooks.map((id) => call('DELETE', `/api/v1/webhooks/${id}`, hanging)));
  server.closeAllConnections();
  server.close();
}

/** What a metrics server (one child process) tells the bench: where it listens and its payer's token. */
interface MetricsServer {
  port: number;
  token: string;
  accountId: string;
}

/** Child process of benchMetricsCost: one app, METRICS_ENABLED on or off, with one funded payer. */
async function metricsServer(config: AppConfig, metricsEnabled: boolean): Promise<void> {
  const app = await createApp({ ...config, redisKeyPrefix: process.env.BENCH_REDIS_PREFIX ?? config.redisKeyPrefix, metricsEnabled });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const payer = await app.get(OnboardClientUseCase).execute('Bench Metrics', randomCpf(), undefined, '1000000.00');
  process.send!({ port, token: await tokenOf(port, payer), accountId: payer.account_id } satisfies MetricsServer);
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

/**
 * The cost of METRICS_ENABLED: two servers, each its own process (Node's process metrics, once started by a
 * scrape, cannot be stopped, so one process cannot host both fairly), on the same database and queues, one
 * with metrics on and scraped once a round (as Prometheus would), one with them off. The same
 * authenticated balance GET and cash-out creation run against each in turn, the order alternating each
 * round, settlement drained between rounds; medians of the rounds are compared. Never asserted.
 */
async function benchMetricsCost(config: AppConfig): Promise<void> {
  const ROUNDS = 10;
  const WARM_UP = 2;
  const prefix = `ips_bench_metrics_${Date.now()}`;
  const children: ChildProcess[] = [];
  const spawnServer = (on: boolean) =>
    new Promise<MetricsServer>((resolve, reject) => {
      const child = fork(process.argv[1]!, ['metrics-server', on ? 'on' : 'off'], { env: { ...process.env, BENCH_REDIS_PREFIX: prefix } });
      children.push(child);
      child.once('message', (m) => resolve(m as MetricsServer));
      child.once('exit', (code) => reject(new Error(`metrics server (${on ? 'on' : 'off'}) exited with ${code}`)));
    });
  // One after the other: the first creates the database and runs the migrations.
  const servers = { on: await spawnServer(true), off: await spawnServer(false) };
  const db = new DataSource({ type: 'postgres', url: config.databaseUrl });
  await db.initialize();

  const rate = async (total: number, concurrency: number, op: () => Promise<void>) => {
    let left = total;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await op();
      }),
    );
    return total / ((performance.now() - t0) / 1000);
  };
  const request = async (s: MetricsServer, path: string, init: RequestInit = {}) => {
    const r = await fetch(`http://127.0.0.1:${s.port}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    });
    if (r.status !== 200) throw new Error(`${path} ${r.status}: ${await r.text()}`);
    return r.text();
  };
  const workloads = {
    balance: (s: MetricsServer) => rate(4000, 10, async () => void (await request(s, '/api/v1/pix/balance'))),
    cashOut: (s: MetricsServer) =>
      rate(300, 5, async () => {
        const body = JSON.stringify({ amount: '0.01', pix_key: 'bench@example.com', pix_key_type: 'EMAIL' });
        await request(s, '/api/v1/pix/cash-out', { method: 'POST', body });
      }),
  };
  const drain = async () => {
    const accounts = [servers.on.accountId, servers.off.accountId];
    for (const started = performance.now(); ; await new Promise((r) => setTimeout(r, 100))) {
      const [row] = (await db.query(
        `SELECT count(*)::int AS n FROM cash_outs WHERE account_id = ANY($1) AND status IN ('queued', 'processing')`,
        [accounts],
      )) as { n: number }[];
      if (row?.n === 0) return;
      if (performance.now() - started > 120_000) throw new Error(`${row?.n} cash-outs still unsettled after 120 s`);
    }
  };
  const scrape = async () => {
    const t0 = performance.now();
    const text = await request(servers.on, '/metrics');
    return { ms: performance.now() - t0, bytes: text.length };
  };

  console.log(`\nmetrics cost: ${ROUNDS} rounds (after ${WARM_UP} to warm up), each workload on both servers, order alternating`);
  await scrape();
  const results = { balance: { on: [] as number[], off: [] as number[] }, cashOut: { on: [] as number[], off: [] as number[] } };
  let lastScrape = { ms: 0, bytes: 0 };
  for (let round = 1 - WARM_UP; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    const line: string[] = [];
    for (const name of ['balance', 'cashOut'] as const) {
      for (const side of order) {
        const opsPerSecond = await workloads[name](servers[side]);
        if (round > 0) results[name][side].push(opsPerSecond);
        line.push(`${name} ${side} ${opsPerSecond.toFixed(0)}`);
      }
      await drain();
    }
    lastScrape = await scrape();
    console.log(`  ${round > 0 ? `round ${round}` : 'warm-up'}: ${line.join(', ')} ops/s`);
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  for (const [name, label] of [
    ['balance', 'HTTP GET /api/v1/pix/balance, c=10'],
    ['cashOut', 'HTTP POST /api/v1/pix/cash-out, c=5'],
  ] as const) {
    const on = median(results[name].on);
    const off = median(results[name].off);
    console.log(
      `${label.padEnd(44)} metrics on ${on.toFixed(0).padStart(6)} ops/s, off ${off.toFixed(0).padStart(6)} ops/s: ` +
        `${(((on - off) / off) * 100).toFixed(1)}% (median of ${ROUNDS})`,
    );
  }
  console.log(`a scrape of /metrics: ${lastScrape.ms.toFixed(1)} ms, ${(lastScrape.bytes / 1024).toFixed(0)} KiB`);
  await db.destroy();
  for (const child of children) {
    child.removeAllListeners('exit');
    child.disconnect();
  }
}

/** The statements bench's server process: the app, one client, and its memory on request. */
interface StatementsServer {
  port: number;
  token: string;
  accountId: string;
  clientId: string;
}

/** What the server process reports of its memory: now, the highest sampled since the last reset, and the OS's peak. */
interface ServerMemory {
  rssMiB: number;
  sampledPeakMiB: number;
  maxRssMiB: number;
}

async function statementsServer(config: AppConfig): Promise<void> {
  const app = await createApp({ ...config, appRole: 'api' });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const owner = await app.get(OnboardClientUseCase).execute('Bench Statements Ltda', randomCpf());
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  let peak = process.memoryUsage().rss;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20).unref();
  process.on('message', (m) => {
    if (m === 'reset') peak = process.memoryUsage().rss;
    const memory: ServerMemory = {
      rssMiB: mib(process.memoryUsage().rss),
      sampledPeakMiB: mib(peak),
      maxRssMiB: mib(process.resourceUsage().maxRSS * 1024),
    };
    process.send!(memory);
  });
  process.send!({
    port,
    token: await tokenOf(port, owner),
    accountId: owner.account_id,
    clientId: owner.client_id,
  } satisfies StatementsServer);
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

/**
 * A year of a busy account, seeded by SQL in one transaction: `rows` ledger entries spread evenly over the 365 days
 * before now, each with its transaction (60% `cash_in` from an external payer, 40% `p2p_out`), the balances
 * chained (each entry's before is the previous one's after) from an opening of 10,000,000.00. Not a ledger: one
 * journal holds every entry and no postings are written (`verify` would refuse this account), and the
 * limit-usage trigger is off during the insert (as in bench/seed-transactions.sql).
 */
async function seedStatementYear(db: DataSource, server: StatementsServer, rows: number): Promise<void> {
  await db.transaction(async (m) => {
    await m.query(`ALTER TABLE transactions DISABLE TRIGGER transactions_limit_usage`);
    const [journal] = await m.query(`INSERT INTO journals (description) VALUES ('bench: a year of statements') RETURNING id`);
    await m.query(
      `CREATE TEMP TABLE bench_moves ON COMMIT DROP AS
       SELECT i, md5($2::text || i) AS h,
              (CASE WHEN i % 5 < 3 THEN 1 ELSE -1 END) * (2.50 + (i::bigint * 7919 % 100000) / 100.0)::numeric(20,2) AS signed,
              now() - interval '365 days' + (i * interval '365 days' / ($1::int + 1)) AS at
       FROM generate_series(1, $1::int) AS i`,
      [rows, server.accountId],
    );
    await m.query(
      `INSERT INTO transactions (id, client_id, account_id, type, status, amount, end_to_end_id, payer, receiver, txid,
                                 channel, processed_at, created_at, updated_at)
       SELECT overlay(overlay(h placing '4' from 13) placing '8' from 17)::uuid, $1, $2,
              CASE WHEN signed > 0 THEN 'cash_in' ELSE 'p2p_out' END, 'completed', abs(signed),
              'E12345678' || to_char(at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MI') || upper(substr(h, 1, 11)),
              CASE WHEN signed > 0 THEN jsonb_build_object('name', 'Pagador ' || (i % 997), 'document', '***.456.789-**',
                        'bank', jsonb_build_object('ispb', '60701190')) END,
              CASE WHEN signed < 0 THEN jsonb_build_object('name', 'Fornecedor, "' || (i % 389) || '"', 'document', '**.345.678/0001-**') END,
              CASE WHEN i % 4 = 0 THEN 'pedido' || i END, 'api', at, at, at
       FROM bench_moves`,
      [server.clientId, server.accountId],
    );
    await m.query(
      `INSERT INTO ledger_entries (journal_id, transaction_id, account_id, operation_type, amount, status,
                                   available_before, available_after, blocked_before, blocked_after, created_at)
       SELECT $1, overlay(overlay(h placing '4' from 13) placing '8' from 17)::uuid, $2,
              CASE WHEN signed > 0 THEN 'credit' ELSE 'debit' END, abs(signed), 'posted',
              10000000 + running - signed, 10000000 + running, 0, 0, at
       FROM (SELECT *, sum(signed) OVER (ORDER BY i) AS running FROM bench_moves) x
       ORDER BY i`,
      [journal.id, server.accountId],
    );
    await m.query(
      `UPDATE ledger_accounts SET available = (SELECT available_after FROM ledger_entries WHERE account_id = $1
                                                ORDER BY created_at DESC, seq DESC LIMIT 1) WHERE id = $1`,
      [server.accountId],
    );
    await m.query(`ALTER TABLE transactions ENABLE TRIGGER transactions_limit_usage`);
  });
  await db.query(`ANALYZE ledger_entries`);
  await db.query(`ANALYZE transactions`);
}

async function benchStatements(config: AppConfig): Promise<void> {
  const ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 1_000_000);
  // BENCH_SERVER_HEAP_MB caps the server's heap: a statement that held its rows would run out of it.
  const heap = process.env.BENCH_SERVER_HEAP_MB;
  const child = fork(process.argv[1]!, ['statements-server'], { execArgv: heap ? [`--max-old-space-size=${heap}`] : [] });
  console.log(`statements: ${ROWS} entries${heap ? `, server heap capped at ${heap} MiB` : ''}`);
  try {
    const server = await new Promise<StatementsServer>((resolve, reject) => {
      child.once('message', (m) => resolve(m as StatementsServer));
      child.once('exit', (code) => reject(new Error(`statements server exited with ${code}`)));
    });
    const memory = () =>
      new Promise<ServerMemory>((resolve) => {
        child.once('message', (m) => resolve(m as ServerMemory));
        child.send('sample');
      });
    const db = new DataSource({ type: 'postgres', url: config.databaseUrl });
    await db.initialize();
    const seedStarted = performance.now();
    await seedStatementYear(db, server, ROWS);
    console.log(`statements: seeded ${ROWS} ledger entries and transactions in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    await db.destroy();
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const boot = await memory();
    console.log(`statements: server RSS before streaming ${boot.rssMiB} MiB (OS peak so far ${boot.maxRssMiB} MiB)`);
    for (const format of ['csv', 'ofx'] as const) {
      await new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send('reset');
      });
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/statements?date_from=${yearAgo}&date_to=${today}&format=${format}`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      if (res.status !== 200) throw new Error(`statement ${format} ${res.status}: ${await res.text()}`);
      // Counted as it arrives, never held: the client's memory is not the question.
      const marker = format === 'csv' ? '\n' : '<STMTTRN>';
      const decoder = new TextDecoder();
      let bytes = 0;
      let rows = 0;
      let tail = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        const text = tail + decoder.decode(chunk, { stream: true });
        rows += text.split(marker).length - 1;
        // A marker cut by the chunk's end is counted with the next chunk.
        tail = marker.length > 1 ? text.slice(-(marker.length - 1)) : '';
      }
      const seconds = (performance.now() - t0) / 1000;
      const entries = format === 'csv' ? rows - 3 : rows; // header, opening and closing rows
      const m = await memory();
      console.log(
        `statements: ${format.toUpperCase()} ${entries} entries, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${seconds.toFixed(1)} s: ` +
          `${(entries / seconds).toFixed(0)} rows/s; server RSS peak ${m.sampledPeakMiB} MiB (sampled every 20 ms; OS peak ${m.maxRssMiB} MiB), after ${m.rssMiB} MiB`,
      );
    }
  } finally {
    child.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * `npm run bench -- group-commit`: cash-out creation by Pix key (a fresh EVP key each, an idempotency key each)
 * from 40 clients at 32 connections, against an API-only server process with group commit off
 * (MONEY_BATCH_MAX_SIZE 1) and on (the defaults): cash-outs per second, latency, and the commits and statements
 * each cash-out cost, as the server counts them. The load comes from this process; the server has its own.
 */
async function benchGroupCommit(): Promise<void> {
  for (const maxSize of [1, 16, 1, 16]) {
    const child = fork(process.argv[1]!, ['group-commit-server', String(maxSize)]);
    const ready = await new Promise<{ port: number; keys: { key_id: string; secret_key: string }[] }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number; keys: { key_id: string; secret_key: string }[] }));
      child.once('exit', (code) => reject(new Error(`group-commit server exited with ${code}`)));
    });
    const tokens = await Promise.all(ready.keys.map((k) => tokenOf(ready.port, k)));
    const counters = () =>
      new Promise<Record<string, number>>((resolve) => {
        child.once('message', (m) => resolve(m as Record<string, number>));
        child.send('counters');
      });
    const pay = async (i: number) => {
      const r = await fetch(`http://127.0.0.1:${ready.port}/api/v1/pix/cash-out`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[i % tokens.length]}`,
          'content-type': 'application/json',
          'x-idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: '0.01', pix_key: randomUUID(), pix_key_type: 'EVP', external_id: `gc-${randomUUID()}` }),
      });
      if (r.status !== 200) throw new Error(`cash-out ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    };
    await timed(`warm-up (MONEY_BATCH_MAX_SIZE ${maxSize})`, 400, 32, pay);
    const before: Record<string, number> = { ...(await counters()), postgresCpuMs: postgresCpuMs() };
    const total = 3000;
    await timed(`cash-out by key, 40 payers, MONEY_BATCH_MAX_SIZE ${maxSize}`, total, 32, pay);
    const after: Record<string, number> = { ...(await counters()), postgresCpuMs: postgresCpuMs() };
    const per = (name: string) => ((after[name]! - before[name]!) / total).toFixed(2);
    console.log(
      `${''.padEnd(44)} per cash-out: ${per('commits')} commits, ${per('statements')} statements, ${per('roundTrips')} round trips, ` +
        `CPU ${per('cpuMs')} ms in the server, ${per('postgresCpuMs')} ms in Postgres`,
    );
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function groupCommitServer(config: AppConfig, maxSize: number): Promise<void> {
  const app = await createApp({ ...config, appRole: 'api', moneyBatch: { ...config.moneyBatch, maxSize } });
  const uow = app.get(PipelinedUnitOfWork);
  process.on('message', () => {
    const cpu = process.cpuUsage();
    process.send!({ commits: uow.commits, statements: uow.statements, roundTrips: uow.roundTrips, cpuMs: (cpu.user + cpu.system) / 1000 });
  });
  await app.listen(0, '127.0.0.1');
  const onboard = app.get(OnboardClientUseCase);
  const keys = await Promise.all(Array.from({ length: 40 }, () => onboard.execute('Bench', randomCpf(), undefined, '1000000.00')));
  process.send!({ port: (app.getHttpServer().address() as AddressInfo).port, keys });
}

/** CPU time used so far by every postgres process of this machine (user + system, /proc), in ms. */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!comm.startsWith('postgres')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  // Linux counts in clock ticks of 1/100 s (USER_HZ).
  return ticks * 10;
}
