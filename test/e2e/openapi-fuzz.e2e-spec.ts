import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { buildOpenApi } from '../../src/bootstrap.js';
import { WebhookSender, WebhookTargetPolicy } from '../../src/modules/webhooks/application/webhook-transport.js';
import type { DnsWebhookTargetPolicy } from '../../src/modules/webhooks/infrastructure/delivery/dns-target.policy.js';
import type { HttpsWebhookSender } from '../../src/modules/webhooks/infrastructure/delivery/https-webhook.sender.js';
import { encodeBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { cpfWithCheckDigits } from '../../src/shared/domain/tax-id.js';
import { ERROR_CATALOG } from '../../src/shared/errors/error-catalog.js';
import { randomCpf } from '../support/documents.js';
import {
  hashString,
  OMIT,
  readFuzzOperations,
  resolveSchema,
  sampleRequests,
  type Family,
  type FuzzOperation,
  type FuzzRequest,
  type OperationHints,
  type Where,
} from '../support/openapi-arbitraries.js';
import { bankDetails } from '../support/payments.js';
import { DAYTIME, eventually, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Fuzzes every operation of the app's own OpenAPI document with requests fast-check derives from the
 * operation's request schema (test/support/openapi-arbitraries.ts): valid, near-valid and hostile ones,
 * mixed, with valid credentials. Whatever the request, the answer is never a 5xx, and every answer that
 * is not a 2xx is exactly the one error body
 * (docs/adr/0024-unknown-routes-malformed-json-large-bodies.md), with a catalogued
 * code and no stack trace or SQL in it; the ledger is still balanced afterwards.
 * The hand-written hostile-input sweep (hostile-input.e2e-spec.ts) pins exact statuses per case; this
 * one trades that for volume and combinations nobody wrote down. FUZZ_SEED reproduces a run.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20260310;
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer (got ${process.env.FUZZ_SEED})`);
/** At least 10,000 requests; FUZZ_REQUESTS changes it for a quicker local run (the minimum is then not checked). */
const TOTAL = process.env.FUZZ_REQUESTS ? Number(process.env.FUZZ_REQUESTS) : 10_500;
const CONCURRENCY = 16;
/** Every fuzz-made webhook points below this name: `.invalid` never resolves (RFC 6761), so no delivery leaves. */
const HOOK_DOMAIN = 'fuzz.invalid';

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const CODES = new Set(Object.keys(ERROR_CATALOG));
/** What an error body must never show: stack frames, file paths, driver and SQL text. */
const LEAKS: RegExp[] = [
  /\n\s+at |\bat [\w$.<>]+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/,
  /node_modules|\/work\/|\/src\/|\.[tj]s:\d+/,
  /QueryFailedError|EntityNotFound|TypeORMError|SQLSTATE|duplicate key value|violates [a-z-]+ constraint|syntax error at or near/i,
  /relation "[^"]+"|column "[^"]+"|invalid input syntax for type/i,
  // SQL as TypeORM writes it (upper case), so English words in a message ("update ... set") do not count.
  /\bSELECT\b[\s\S]+\bFROM\b|\bINSERT INTO\b|\bUPDATE "?\w+"? SET\b|\bDELETE FROM\b/,
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

interface Stats {
  sent: number;
  byFamily: Record<Family, number>;
  validOk: number;
  status: Record<string, number>;
  codes: Record<string, number>;
}

describe('OpenAPI fuzz: every operation, 10,000+ requests (e2e)', () => {
  let app: NestExpressApplication;
  let doc: OpenAPIObject;
  let ops: FuzzOperation[];
  let me: TestClient;
  let other: TestClient;
  let admin: { auth: { Authorization: string } };
  const salt = randomBytes(4).toString('hex');

  /**
   * Records this run made before the fuzz, so valid requests name real ones (and some of the other
   * client's). Operations that end a record (delete, cancel, decide, respond) get records of their
   * own (`*Victims`), so the reads keep finding theirs.
   */
  const pools = {
    transactions: [] as string[],
    cashOuts: [] as string[],
    charges: [] as string[],
    chargeVictims: [] as string[],
    meds: [] as string[],
    medVictims: [] as string[],
    reversals: [] as string[],
    limitRequests: [] as string[],
    limitVictims: [] as string[],
    webhooks: [] as string[],
    webhookVictims: [] as string[],
    deliveries: [] as string[],
    received: [] as string[],
    lookups: [] as string[],
    brCodes: [] as string[],
    references: [] as string[],
    reversalIds: [] as string[],
    keys: [] as string[],
    keyVictims: [] as string[],
  };
  let otherEmail: string;
  let otherPhone: string;
  let otherAccountNumber: string;

  /** A setup call that must succeed; its `data` (or its body when it has none). */
  const call = async (method: 'get' | 'post', url: string, auth: Record<string, string>, body?: object, ok = [200, 201]) => {
    const req = http(app)[method](url).set(auth);
    const res = body ? await req.send(body) : await req;
    if (!ok.includes(res.status)) throw new Error(`setup ${method.toUpperCase()} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.data ?? res.body) as Record<string, any>;
  };
  const keyHeaders = (c: TestClient) => ({ 'x-key-id': c.keyId, 'x-secret-key': c.secret });

  async function seed() {
    const register = async (c: TestClient, key_type: string, key_value: string) => {
      await call('post', '/api/v1/pix/keys', c.auth, { key_type, key_value });
      return key_value;
    };
    otherEmail = `fz-${salt}-other@example.com`;
    otherPhone = `+5511${String(hashString(salt) % 100_000_000).padStart(9, '9')}`;
    const nobody = `fz-${salt}-nobody@example.com`;
    pools.keys.push(await register(me, 'EMAIL', `fz-${salt}-me@example.com`), await register(other, 'EMAIL', otherEmail));
    pools.keys.push(await register(other, 'PHONE', otherPhone), nobody);
    pools.keyVictims.push(
      await register(me, 'EMAIL', `fz-${salt}-gone1@example.com`),
      await register(me, 'EMAIL', `fz-${salt}-gone2@example.com`),
    );
    pools.keyVictims.push(otherEmail, nobody);
    const [account] = await app.get(DataSource).query(`SELECT number FROM accounts WHERE id = $1`, [other.accountId]);
    otherAccountNumber = account.number;

    // Webhooks first, so the deposits below give them deliveries (4 of the 10 a client may hold stay free).
    const hook = async (c: TestClient, i: number) => {
      const url = `https://seed-${salt}-${i}.${HOOK_DOMAIN}/hooks`;
      return (await call('post', '/api/v1/webhooks', c.auth, { url, events: ['cash_in.completed'] })).id as string;
    };
    for (let i = 0; i < 3; i++) pools.webhooks.push(await hook(me, i));
    for (let i = 3; i < 6; i++) pools.webhookVictims.push(await hook(me, i));
    const foreignHook = await hook(other, 0);
    pools.webhooks.push(foreignHook);
    pools.webhookVictims.push(foreignHook);

    for (let i = 0; i < 5; i++) {
      const payer = { name: 'Carla Externa', document: randomCpf() };
      const d = await call('post', '/api/v1/sandbox/deposits', me.auth, { amount: '500.00', payer });
      pools.received.push(d.end_to_end_id);
      pools.transactions.push(d.transaction_id);
    }
    for (let i = 0; i < 2; i++) {
      const p = await call('post', '/api/v1/pix/p2p/transfers', other.auth, { to_account_id: me.accountId, amount: '10.00' });
      pools.received.push(p.end_to_end_id);
      pools.transactions.push(p.transaction_id);
    }
    const sent = await call('post', '/api/v1/pix/p2p/transfers', me.auth, { to_account_id: other.accountId, amount: '1.00' });
    pools.transactions.push(sent.transaction_id);
    const external = `fz-${salt}-ext@example.com`;
    for (const body of [
      { amount: '12.00', pix_key: external, pix_key_type: 'EMAIL' },
      { amount: '12.94', pix_key: external, pix_key_type: 'EMAIL' },
      { amount: '13.00', ...bankDetails },
    ]) {
      const c = await call('post', '/api/v1/pix/cash-out', me.auth, body);
      pools.cashOuts.push(c.transaction_id);
      pools.transactions.push(c.transaction_id);
    }
    pools.cashOuts.push((await call('post', '/api/v1/pix/cash-out', other.auth, { amount: '1.00', ...bankDetails })).transaction_id);

    const charge = async (c: TestClient, i: number) => {
      const reference = `fz-${salt}-${i}`;
      const created = await call('post', '/api/v1/pix/cash-in/qrcode', c.auth, { amount: '25.00', reference });
      pools.brCodes.push(created.qr_code_text);
      pools.references.push(reference);
      return created.transaction_id as string;
    };
    pools.charges.push(await charge(me, 0), await charge(me, 1));
    pools.chargeVictims.push(await charge(me, 2), await charge(me, 3), await charge(me, 4));
    const foreignCharge = await charge(other, 5);
    pools.charges.push(foreignCharge);
    pools.chargeVictims.push(foreignCharge);
    await call('post', `/api/v1/sandbox/cash-in/${pools.charges[0]}/pay`, me.auth, {});
    const qr = { type: 'static', merchantCity: 'RIO', txid: '***' } as const;
    pools.brCodes.push(
      encodeBrCode({ ...qr, pixKey: external, amount: '3.00', merchantName: 'Joana' }),
      encodeBrCode({ ...qr, pixKey: otherEmail, merchantName: 'Outro' }),
    );
    for (const brCode of pools.brCodes.slice(-2)) {
      pools.lookups.push((await call('post', '/api/v1/pix/qrcode/decode', me.auth, { br_code: brCode })).end_to_end_id);
    }

    const med = async (e2e: string | undefined) =>
      (await call('post', '/api/v1/sandbox/med', me.auth, { end_to_end_id: e2e })).id as string;
    pools.meds.push(await med(pools.received[0]));
    pools.medVictims.push(await med(pools.received[1]), await med(pools.received[2]));
    const reversal = await call('post', '/api/v1/pix/reversals', me.auth, {
      amount: '1.00',
      external_id: `fz-${salt}-rev`,
      end_to_end_id: pools.received[5],
    });
    pools.reversals.push(reversal.id);
    pools.reversalIds.push(`fz-${salt}-rev`);

    // One pending request per type and period at a time: reads get two, decisions get the others. Raises above
    // every default cap, so each is pending (a reduction is approved when made, docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
    const limitRequest = async (c: TestClient, type: string, period: string) =>
      (await call('post', '/api/v1/pix/limits/requests', c.auth, { type, period, requested_amount: '20000000.00' })).id as string;
    pools.limitRequests.push(await limitRequest(me, 'pix_out', 'nighttime'), await limitRequest(other, 'pix_out', 'nighttime'));
    for (const type of ['pix_in', 'ted']) {
      for (const period of ['daytime', 'nighttime', 'daily']) pools.limitVictims.push(await limitRequest(me, type, period));
    }
    // The relay and the dispatcher (this app runs them) turn the payments above into deliveries.
    const deliveries = await eventually(async () => {
      const list = await call('get', `/api/v1/webhooks/${pools.webhooks[0]}/deliveries`, me.auth);
      return list.items.length > 0 ? (list.items as { id: string }[]) : undefined;
    });
    pools.deliveries.push(...deliveries.slice(0, 3).map((d) => d.id));
  }

  /** Values this run knows, by where they go; the schema's own values are mixed with them. */
  function hintsFor(op: FuzzOperation): OperationHints {
    const from = (list: string[]) => (list.length ? fc.constantFrom(...list) : undefined);
    const cpf = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((d) => cpfWithCheckDigits(d.join('')));
    const feeTypes = (resolveSchema(doc, { $ref: '#/components/schemas/FeeRuleDto' }).properties?.transaction_type?.enum ?? []) as string[];
    const eventsOf = (description = '') => [...description.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]!);
    const clientScopes = [...new Set(ops.flatMap((o) => o.scopes))].filter((s) => !s.startsWith('admin:'));
    const ends = op.method === 'delete' || /\/(cancel|approve|reject|respond)$/.test(op.template);
    const idPool = (): string[] => {
      const t = op.template;
      if (t.includes('/webhooks/deliveries/')) return pools.deliveries;
      if (t.includes('/webhooks/')) return ends ? pools.webhookVictims : pools.webhooks;
      if (t.startsWith('/api/v1/transactions/')) return pools.transactions;
      if (t.includes('/cash-out/')) return pools.cashOuts;
      if (t.includes('/cash-in/')) return ends ? pools.chargeVictims : pools.charges;
      if (t.includes('/med/')) return ends ? pools.medVictims : pools.meds;
      if (t.includes('/reversals/')) return pools.reversals;
      if (t.includes('/limits/requests/')) return ends ? pools.limitVictims : pools.limitRequests;
      return [];
    };
    const value = (where: Where, path: string[]): fc.Arbitrary<unknown> | undefined => {
      const name = path.join('.');
      if (where === 'path') {
        if (name === 'client_id') return fc.constantFrom(me.clientId, other.clientId);
        if (name === 'transaction_type') return from(feeTypes);
        if (name === 'key') return from(ends ? pools.keyVictims : pools.keys);
        return name.endsWith('id') ? from(idPool()) : undefined;
      }
      if (where === 'header') {
        if (name.toLowerCase() === 'x-idempotency-key') return fc.uuid({ version: 4 });
        if (name.toLowerCase() === 'x-pix-lookup-e2e') return from(pools.lookups);
        return undefined;
      }
      if (where === 'query') {
        if (name === 'account_id') return fc.constant(me.accountId);
        if (name === 'e2e' || name === 'end_to_end_id') return from(pools.received);
        if (name === 'reference') return from(pools.references);
        if (name === 'external_id') return from(pools.reversalIds);
        return undefined;
      }
      switch (name) {
        case 'account_id':
          return fc.constantFrom(me.accountId, me.accountId, other.accountId);
        case 'to_account_id':
          return fc.constantFrom(other.accountId, other.accountId, me.accountId);
        case 'end_to_end_id':
          return from(pools.received);
        case 'url':
          return fc.stringMatching(/^[a-z0-9]{1,12}$/).map((h) => `https://h-${salt}-${h}.${HOOK_DOMAIN}/pix/${h}`);
        case 'events': {
          const names = eventsOf(resolveSchema(doc, op.body ?? {}).properties?.events?.description);
          return names.length ? fc.subarray(names, { minLength: 1, maxLength: 3 }) : undefined;
        }
        case 'br_code':
          return from(pools.brCodes);
        case 'percent':
          return fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toFixed(4));
        case 'expiration_time':
          return fc.integer({ min: 60, max: 2_592_000 });
        case 'payer_document':
        case 'payer.document':
        case 'receiver_document':
          return cpf;
        case 'scopes':
          return fc.subarray(clientScopes, { maxLength: 4 });
        case 'amount':
          // A reversal or a MED claim gives back part of a payment of 500.00 or 10.00.
          return op.template.includes('reversals') || op.template.includes('/med')
            ? fc.integer({ min: 1, max: 500 }).map((cents) => (cents / 100).toFixed(2))
            : undefined;
        default:
          return undefined;
      }
    };
    const flow1 = fc
      .constantFrom<[string, string]>(
        [`fz-${salt}-ext@example.com`, 'EMAIL'],
        [otherEmail, 'EMAIL'],
        [otherPhone, 'PHONE'],
        [other.document, 'CPF'],
      )
      .map(([pix_key, pix_key_type]) => ({ pix_key, pix_key_type, ...Object.fromEntries(Object.keys(bankDetails).map((k) => [k, OMIT])) }));
    const bodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
      'POST /api/v1/pix/cash-out': fc.oneof(flow1, fc.constant({ ...bankDetails, pix_key: OMIT, pix_key_type: OMIT })),
      'POST /api/v1/pix/keys': fc.oneof(
        fc.stringMatching(/^[a-z0-9]{4,12}$/).map((h) => ({ key_type: 'EMAIL', key_value: `fz-${salt}-${h}@example.com` })),
        fc.nat().map((n) => ({ key_type: 'PHONE', key_value: `+55219${String((n + hashString(salt)) % 100_000_000).padStart(8, '0')}` })),
        fc.constant({ key_type: 'EVP', key_value: OMIT }),
        fc.constant({ key_type: 'CPF', key_value: me.document }),
      ),
      'POST /api/v1/pix/p2p/lookup': fc.constantFrom(
        { search_type: 'email', search_value: otherEmail },
        { search_type: 'phone', search_value: otherPhone },
        { search_type: 'cpf', search_value: other.document },
        { search_type: 'account_number', search_value: otherAccountNumber },
      ),
      'POST /api/v1/sandbox/cash-in/{id}/pay': fc.constant({ amount: OMIT }),
    };
    return { value, body: bodies[op.key] };
  }

  beforeAll(async () => {
    app = await startApp({
      rateLimitPerMinute: 10_000_000,
      lookupRateLimitPerMinute: 10_000_000,
      // The token budget stays the run's (TOKEN_RATE_LIMIT_PER_MINUTE): it is per source address, shared in
      // Redis with the files that run after this one, and a larger budget leases larger blocks of it.
      sandboxSpiLatencyMs: 5,
      // The sandbox's timeout cents retry quickly, so settlement work stays small beside the fuzz.
      spiTimeoutMs: 200,
      settlementBackoffMs: 50,
      settlementMaxAttempts: 2,
      // A failed delivery is tried again after an hour, that is never during this file: deliveries are work
      // beside the fuzz, not its subject.
      webhookRetryScheduleMs: [3_600_000],
    });
    // Registration resolves the host: this file's `.invalid` names pass as one public address (so valid
    // bodies reach the 2xx path), anything else fails at once, without asking DNS.
    (app.get(WebhookTargetPolicy) as DnsWebhookTargetPolicy).resolve = async (host) => {
      if (host.endsWith(`.${HOOK_DOMAIN}`)) return ['93.184.215.14'];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    // Deliveries (this app runs the dispatcher) fail at once, without asking DNS: nothing leaves the machine.
    (app.get(WebhookSender) as HttpsWebhookSender).lookup = (hostname, _options, callback) =>
      process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4));
    me = await newClient(app, { balance: '1000000.00' });
    other = await newClient(app, { balance: '1000.00' });
    admin = await newAdmin(app);
    doc = buildOpenApi(app);
    ops = readFuzzOperations(doc);
    await seed();
  }, 60_000);

  afterAll(async () => {
    if (!app) return;
    // Tidy: no fuzz webhook outlives the file (their deliveries end `failed` instead of retrying).
    for (const c of [me, other].filter(Boolean)) {
      const list = await http(app).get('/api/v1/webhooks').set(c.auth);
      for (const w of (list.body?.data ?? []) as { id: string }[]) await http(app).delete(`/api/v1/webhooks/${w.id}`).set(c.auth);
    }
    await app.close();
  });

  /** Everything wrong with one answer (empty when it is fine). */
  function problemsOf(op: FuzzOperation, r: FuzzRequest, res: Answer): string[] {
    if (res.status >= 500) return [`${res.status} ${res.text.slice(0, 200)}`];
    if (res.status >= 200 && res.status < 300) {
      // Answers are JSON (an empty object for some, as documented); a 204 has none; a file (a statement) is
      // text of a media type its operation documents.
      const json = res.status === 204 || (/^application\/json/.test(res.headers['content-type'] ?? '') && typeof res.body === 'object');
      const documented = Object.keys(
        ((doc.paths[op.template] as Record<string, { responses?: Record<string, { content?: object }> }>)[op.method]?.responses?.[
          String(res.status)
        ]?.content ?? {}) as object,
      ).filter((type) => type !== 'application/json');
      const file = documented.some((type) => (res.headers['content-type'] ?? '').startsWith(type));
      return json || file ? [] : [`${res.status} that is not JSON: ${res.text.slice(0, 80)}`];
    }
    const out: string[] = [];
    const b = res.body as Record<string, unknown> | null;
    if (!b || typeof b !== 'object' || Array.isArray(b))
      return [`${res.status} with a body that is not a JSON object: ${res.text.slice(0, 120)}`];
    const keys = Object.keys(b).sort().join(',');
    if (keys !== 'error,request_id,success') out.push(`error body keys ${keys}`);
    if (b.success !== false) out.push('success is not false');
    if (typeof b.request_id !== 'string' || !b.request_id) out.push('no request_id');
    else if (res.headers['x-request-id'] !== b.request_id) out.push('request_id differs from X-Request-Id');
    const e = b.error as Record<string, unknown> | null;
    if (!e || typeof e !== 'object' || Array.isArray(e)) return [...out, 'error is not an object'];
    const extra = Object.keys(e).filter((k) => !['code', 'message', 'details'].includes(k));
    if (extra.length) out.push(`error has ${extra.join(',')}`);
    const code = e.code;
    if (typeof code !== 'string' || !UPPER_SNAKE.test(code)) out.push(`code ${JSON.stringify(code)} is not UPPER_SNAKE`);
    else if (!CODES.has(code)) out.push(`code ${code} is not in the catalog`);
    else if (ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status !== res.status) out.push(`${code} answered with ${res.status}`);
    if (typeof e.message !== 'string' || !e.message) out.push('message is not a string');
    if (e.details !== undefined) {
      const details = e.details;
      const wellFormed =
        Array.isArray(details) &&
        details.every(
          (d) =>
            d &&
            typeof d === 'object' &&
            Object.keys(d).sort().join(',') === 'field,issue' &&
            typeof (d as Record<string, unknown>).field === 'string' &&
            typeof (d as Record<string, unknown>).issue === 'string',
        );
      if (!wellFormed) out.push(`details not [{field, issue}]: ${JSON.stringify(details).slice(0, 120)}`);
    }
    // A leak is text the server wrote: what the request itself carried may be echoed (a field's value).
    const sentText = [safeDecode(r.url), typeof r.body === 'string' ? r.body : '', ...Object.values(r.headers), ...requestStrings(r)].join(
      ' ',
    );
    for (const s of stringsIn(e)) {
      for (const re of LEAKS) {
        const m = re.exec(s);
        if (m && !sentText.includes(m[0])) out.push(`leak ${JSON.stringify(m[0].slice(0, 80))}`);
      }
    }
    return out;
  }

  const safeDecode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const stringsIn = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...stringsIn(x)]) : [];
  const requestStrings = (r: FuzzRequest): string[] => {
    if (typeof r.body !== 'string') return [];
    try {
      return stringsIn(JSON.parse(r.body));
    } catch {
      return [];
    }
  };

  async function send(op: FuzzOperation, r: FuzzRequest, index: number): Promise<Answer> {
    let req = http(app)[r.method](r.url);
    // The token endpoint takes the key; charges take the key or a token (both are tried); health takes nothing.
    if (op.key === 'POST /api/v1/auth/bearer-token') req = req.set(keyHeaders(me));
    else if (op.admin) req = req.set(admin.auth);
    else if (op.apiKeyHeaders && index % 2 === 1) req = req.set(keyHeaders(me));
    else if (op.secured) req = req.set(me.auth);
    req = req.set(r.headers).timeout(30_000);
    if (r.body !== undefined) req = req.set('Content-Type', r.contentType ?? 'application/json').send(r.body);
    const res = await req.ok(() => true);
    return { status: res.status, headers: res.headers as Record<string, string>, body: res.body, text: res.text ?? '' };
  }

  it('never answers a 5xx, answers every refusal with the error body, and leaves the ledger balanced', async () => {
    const started = Date.now();
    const perOperation = Math.ceil(TOTAL / ops.length);
    const plans = ops.map((op) => ({
      op,
      requests: sampleRequests(doc, op, hintsFor(op), { now: DAYTIME, count: perOperation, seed: (SEED ^ hashString(op.key)) >>> 0 }),
    }));
    // Round robin over the operations, so each runs beside the others rather than in its own block.
    const queue: { op: FuzzOperation; r: FuzzRequest; index: number }[] = [];
    for (let i = 0; i < perOperation; i++) for (const p of plans) if (p.requests[i]) queue.push({ op: p.op, r: p.requests[i]!, index: i });
    const generatedMs = Date.now() - started;

    const stats = new Map<string, Stats>();
    const failures = new Map<string, { count: number; example: string }>();
    const unstated = new Map<string, number>();
    const fail = (op: FuzzOperation, r: FuzzRequest, issue: string) => {
      const key = `${op.key} [${r.family}] ${r.what.replace(/:.*$/, '')} -> ${issue}`;
      const seen = failures.get(key);
      if (seen) seen.count++;
      else
        failures.set(key, {
          count: 1,
          example: `${r.method.toUpperCase()} ${r.url.slice(0, 160)} ${String(r.body ?? '').slice(0, 160)} (${r.what.slice(0, 100)})`,
        });
    };

    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const { op, r, index } = queue[next++]!;
        const s = stats.get(op.key) ?? { sent: 0, byFamily: { valid: 0, near: 0, hostile: 0 }, validOk: 0, status: {}, codes: {} };
        stats.set(op.key, s);
        s.sent++;
        s.byFamily[r.family]++;
        let res: Answer;
        try {
          res = await send(op, r, index);
        } catch (e) {
          fail(op, r, `no answer: ${(e as Error).message}`);
          continue;
        }
        const bucket = res.status === 429 ? '429' : `${String(res.status)[0]}xx`;
        s.status[bucket] = (s.status[bucket] ?? 0) + 1;
        const code = (res.body as { error?: { code?: unknown } } | null)?.error?.code;
        if (typeof code === 'string') s.codes[code] = (s.codes[code] ?? 0) + 1;
        if (r.family === 'valid' && res.status < 300) s.validOk++;
        // Valid requests the API refuses as malformed: constraints the document does not state (reported, not failed).
        if (r.family === 'valid' && code === 'VALIDATION_ERROR') {
          const details = (res.body as { error?: { details?: { field?: string }[] } }).error?.details ?? [];
          for (const field of new Set(details.map((d) => d.field ?? '?'))) {
            const k = `${op.key} ${field}`;
            unstated.set(k, (unstated.get(k) ?? 0) + 1);
          }
        }
        for (const issue of problemsOf(op, r, res)) fail(op, r, issue);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = Date.now() - started;

    const sent = [...stats.values()].reduce((n, s) => n + s.sent, 0);
    const validSent = [...stats.values()].reduce((n, s) => n + s.byFamily.valid, 0);
    const validOk = [...stats.values()].reduce((n, s) => n + s.validOk, 0);
    const rows = ops.map((op) => {
      const s = stats.get(op.key)!;
      const top = Object.entries(s.codes)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([c, n]) => `${c}:${n}`)
        .join(' ');
      const statuses = Object.entries(s.status)
        .sort()
        .map(([k, n]) => `${k}:${n}`)
        .join(' ');
      return `${op.key.padEnd(64)} ${String(s.sent).padStart(4)}  v/n/h ${s.byFamily.valid}/${s.byFamily.near}/${s.byFamily.hostile}  valid 2xx ${s.validOk}  ${statuses}  ${top}`;
    });
    console.log(
      [
        `OpenAPI fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${ops.length} operations, ${sent} requests in ${(elapsed / 1000).toFixed(1)} s ` +
          `(generation ${generatedMs} ms), concurrency ${CONCURRENCY}; valid requests answered 2xx: ${validOk}/${validSent}`,
        ...rows,
        `Schema-valid values refused as VALIDATION_ERROR (field: times), top 12: ${[...unstated]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([k, n]) => `${k}: ${n}`)
          .join('; ')}`,
        ...(failures.size ? ['Failures:', ...[...failures].map(([k, v]) => `  ${k} (x${v.count}) e.g. ${v.example}`)] : []),
      ].join('\n'),
    );

    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    const [attempts] = await app.get(DataSource).query(
      `SELECT count(*)::int AS tries, count(*) FILTER (WHERE a.http_status IS NOT NULL)::int AS answered
         FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.client_id = ANY($1)`,
      [[me.clientId, other.clientId]],
    );
    console.log(`Webhook delivery tries of the fuzz clients: ${attempts.tries}, answered by anyone: ${attempts.answered}`);
    expect({ failures: [...failures].map(([k, v]) => `${k} (x${v.count}) e.g. ${v.example}`) }).toEqual({ failures: [] });
    expect(attempts.answered).toBe(0);
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
    // Every operation had its share, and the valid family reached business paths, not only validation.
    for (const op of ops) expect({ op: op.key, sent: stats.get(op.key)?.sent }).toEqual({ op: op.key, sent: perOperation });
    if (!process.env.FUZZ_REQUESTS) expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(validOk / validSent).toBeGreaterThan(0.25);
  }, 180_000);
});
