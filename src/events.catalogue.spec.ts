import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EVENT_BUILDERS, EVENT_CATALOGUE, EVENT_DEFINITIONS, WEBHOOK_EVENT_NAMES } from './events.catalogue.js';
import { cashInCancelled, cashInCompleted, cashInExpired } from './modules/cash-in/domain/cash-in.events.js';
import {
  cashOutCompleted,
  cashOutFailed,
  cashOutProcessing,
  cashOutQueued,
  cashOutReturned,
} from './modules/cash-out/domain/cash-out.events.js';
import { keyDeleted, keyRegistered } from './modules/keys/domain/pix-key.events.js';
import {
  limitRequestApproved,
  limitRequestCreated,
  limitRequestExpired,
  limitRequestRejected,
} from './modules/limits/domain/limit-request.events.js';
import { medApproved, medClosed, medInAnalysis, medOpened, medRejected } from './modules/med/domain/med.events.js';
import { p2pReceived, p2pSent } from './modules/p2p/domain/p2p.events.js';
import { reversalCompleted, reversalFailed, reversalQueued } from './modules/reversals/domain/reversal.events.js';
import type { DomainEvent } from './shared/domain/domain-event.js';
import { END_TO_END_ID_PATTERN } from './shared/domain/end-to-end-id.js';
import type { EventName } from './shared/domain/events/event-catalogue.js';
import type { FieldSchema, PayloadSchema, StringFormat } from './shared/domain/events/event-schema.js';
import { renderEventsMarkdown } from './shared/domain/events/events-markdown.js';
import { Money } from './shared/money/money.js';

const ID = '6f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60';
const CLIENT = 'c0a80101-0000-4000-8000-000000000001';
const ACCOUNT = 'a0a80101-0000-4000-8000-000000000001';
const E2E = 'E12345678202511201200AbCdEfGhIjK';
const T0 = new Date('2025-11-20T12:00:00.000Z');
const T1 = new Date('2025-11-21T08:30:00.000Z');

const cashOut = (externalId: string | null) => ({ id: ID, clientId: CLIENT, externalId, amount: Money.of('10'), endToEndId: E2E });
const charge = {
  id: ID,
  clientId: CLIENT,
  accountId: ACCOUNT,
  txid: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  reference: 'order-1',
  amount: Money.of('10'),
};
const transfer = (externalId: string | null, description: string | null) => ({
  id: ID,
  receiverTransactionId: 'b0a80101-0000-4000-8000-000000000002',
  endToEndId: E2E,
  payerClientId: CLIENT,
  payerAccountId: ACCOUNT,
  payeeClientId: 'c0a80101-0000-4000-8000-000000000002',
  payeeAccountId: 'a0a80101-0000-4000-8000-000000000002',
  payer: { name: 'Ana' },
  payee: { name: 'Bruno' },
  amount: Money.of('12.34'),
  description,
  externalId,
  createdAt: T0,
});
const reversal = {
  id: ID,
  clientId: CLIENT,
  externalId: 'refund-1',
  originalEndToEndId: E2E,
  refundEndToEndId: 'D12345678202511201200AbCdEfGhIjK',
  amount: Money.of('5.00'),
  refundCode: 'MD06' as const,
};
const key = { id: ID, clientId: CLIENT, accountId: ACCOUNT, keyType: 'EVP' as const, keyValue: ID, createdAt: T0 };
const request = {
  id: ID,
  clientId: CLIENT,
  accountId: ACCOUNT,
  type: 'pix_in' as const,
  period: 'monthly' as const,
  currentAmount: Money.of('0'),
  requestedAmount: Money.of('99999.99'),
  reason: '',
  responseReason: null,
  expiresAt: T1,
  decidedAt: null,
  effectiveAt: null,
  updatedAt: T0,
};

const med = {
  id: ID,
  clientId: CLIENT,
  accountId: ACCOUNT,
  transactionId: 'b0a80101-0000-4000-8000-000000000003',
  endToEndId: E2E,
  amount: Money.of('50.00'),
  blockedAmount: Money.of('20.00'),
  reason: null,
  responseReason: null,
  returnTransactionId: null,
  returnEndToEndId: null,
  createdAt: T0,
  respondBy: new Date('2025-11-27T12:00:00.000Z'),
  respondedAt: null,
};
const medReturned = {
  ...med,
  reason: 'Fraud claim',
  responseReason: 'Confirmed',
  returnTransactionId: 'b0a80101-0000-4000-8000-000000000004',
  returnEndToEndId: 'D12345678202511211200AbCdEfGhIjK',
  respondedAt: T1,
};

/** Events from every builder; between them, each nullable field is both null and set (a test checks). */
const SAMPLES: { [N in EventName]: DomainEvent<N>[] } = {
  'cash_out.queued': [cashOutQueued(cashOut('ext-1')), cashOutQueued(cashOut(null))],
  'cash_out.processing': [cashOutProcessing(cashOut('ext-1')), cashOutProcessing(cashOut(null))],
  'cash_out.completed': [cashOutCompleted(cashOut('ext-1')), cashOutCompleted(cashOut(null))],
  'cash_out.failed': [
    cashOutFailed(cashOut('ext-1'), { code: 'AC03', message: 'Invalid account' }),
    cashOutFailed(cashOut(null), { code: 'AB03', message: 'Timeout' }),
  ],
  'cash_out.returned': [cashOutReturned(cashOut('ext-1'), Money.of('10')), cashOutReturned(cashOut(null), Money.of('0.01'))],
  'cash_in.completed': [
    cashInCompleted({
      transactionId: ID,
      clientId: CLIENT,
      accountId: ACCOUNT,
      endToEndId: E2E,
      amount: Money.of('0.01'),
      fee: Money.zero(),
      pspIspb: '12345678',
      payer: { name: null, document: null, ispb: '99999999', institutionName: null },
    }),
    cashInCompleted({
      transactionId: ID,
      clientId: CLIENT,
      accountId: ACCOUNT,
      endToEndId: E2E,
      amount: Money.of('10.00'),
      fee: Money.of('0.10'),
      pspIspb: '12345678',
      conciliationId: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
      txid: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
      pixKey: 'loja@example.com',
      payer: { name: 'Carla Externa', document: '52998224725', ispb: '00000000', institutionName: 'BCO DO BRASIL S.A.' },
    }),
  ],
  'cash_in.cancelled': [cashInCancelled(charge)],
  'cash_in.expired': [cashInExpired(charge)],
  'p2p.sent': [p2pSent(transfer('ext-1', 'Dinner')), p2pSent(transfer(null, null))],
  'p2p.received': [p2pReceived(transfer('ext-1', 'Dinner')), p2pReceived(transfer(null, null))],
  'reversal.queued': [reversalQueued(reversal)],
  'reversal.completed': [reversalCompleted(reversal)],
  'reversal.failed': [reversalFailed(reversal, { code: 'AC03', message: 'Invalid account' })],
  'key.registered': [keyRegistered(key)],
  'key.deleted': [keyDeleted(key, { at: T1, reason: 'USER_REQUESTED' })],
  'limit_request.created': [limitRequestCreated(request)],
  'limit_request.approved': [limitRequestApproved({ ...request, decidedAt: T1, effectiveAt: T1, updatedAt: T1 })],
  'limit_request.rejected': [limitRequestRejected({ ...request, responseReason: 'no', decidedAt: T1, updatedAt: T1 })],
  'limit_request.expired': [limitRequestExpired({ ...request, updatedAt: T1 })],
  'med.opened': [medOpened(med), medOpened({ ...med, reason: 'Fraud claim' })],
  'med.in_analysis': [medInAnalysis(med)],
  'med.approved': [medApproved(medReturned), medApproved({ ...med, blockedAmount: Money.zero(), respondedAt: T1 })],
  'med.rejected': [medRejected({ ...med, responseReason: 'Legitimate sale', respondedAt: T1 }), medRejected({ ...med, respondedAt: T1 })],
  'med.closed': [medClosed(med)],
};

const FORMAT_PATTERNS: Record<StringFormat, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  decimal: /^\d+\.\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
  'end-to-end-id': END_TO_END_ID_PATTERN,
  ispb: /^\d{8}$/,
};

/** What is wrong with `value` as a value of `field` (empty when nothing). */
function fieldProblems(name: string, field: FieldSchema, value: unknown): string[] {
  if (value === null) return field.nullable ? [] : [`${name} is null`];
  if (field.type === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return [`${name} is not an object: ${JSON.stringify(value)}`];
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    const expected = Object.keys(field.properties).sort();
    if (keys.join() !== expected.join()) return [`${name} has fields ${keys.join(', ')}, not ${expected.join(', ')}`];
    return Object.entries(field.properties).flatMap(([sub, schema]) => fieldProblems(`${name}.${sub}`, schema, object[sub]));
  }
  const typeOk = field.type === 'integer' ? Number.isInteger(value) : typeof value === field.type;
  if (!typeOk) return [`${name} is not ${field.type}: ${JSON.stringify(value)}`];
  const problems: string[] = [];
  if (field.enum && !field.enum.includes(value as string))
    problems.push(`${name} = ${String(value)} is not one of ${field.enum.join(', ')}`);
  if (field.format && !FORMAT_PATTERNS[field.format].test(value as string))
    problems.push(`${name} = ${String(value)} is not a ${field.format}`);
  return problems;
}

/** Every field of a schema, an object field's own fields after it as `field.subfield`. */
function flatFields(schema: PayloadSchema): [string, FieldSchema][] {
  return Object.entries(schema).flatMap(([name, field]): [string, FieldSchema][] => [
    [name, field],
    ...(field.type === 'object' ? Object.entries(field.properties).map(([sub, s]): [string, FieldSchema] => [`${name}.${sub}`, s]) : []),
  ]);
}

/** The value of `path` (`field` or `field.subfield`) in a payload; undefined when an object on the way is null. */
function valueAt(payload: Record<string, unknown>, path: string): unknown {
  const [head, sub] = path.split('.');
  const value = payload[head!];
  return sub === undefined ? value : (value as Record<string, unknown> | null)?.[sub];
}

function payloadProblems(schema: PayloadSchema, payload: Record<string, unknown>): string[] {
  return Object.entries(schema).flatMap(([name, field]) => fieldProblems(name, field, payload[name]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const EVENT_NAMES = EVENT_CATALOGUE.names as EventName[];
const schemaOf = (name: EventName): PayloadSchema => EVENT_DEFINITIONS[name].payload;

describe('event catalogue (composed from the modules)', () => {
  it('describes every event name once: one line of description, a webhook flag and a payload schema, in a titled part', () => {
    expect(EVENT_NAMES.length).toBeGreaterThan(0);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(EVENT_DEFINITIONS).sort());
    for (const part of EVENT_CATALOGUE.parts) {
      expect(part.title).toMatch(/^[^\n]+$/);
      expect(Object.keys(part.events).length).toBeGreaterThan(0);
    }
    for (const name of EVENT_NAMES) {
      const def = EVENT_CATALOGUE.definition(name);
      expect(def).toBe(EVENT_DEFINITIONS[name]);
      expect(EVENT_CATALOGUE.has(name)).toBe(true);
      expect(name).toMatch(/^[a-z][a-z0-9_]*\.[a-z_]+$/);
      expect(def.description).toMatch(/^[^\n]+\.$/);
      expect(typeof def.webhook).toBe('boolean');
      expect(Object.keys(def.payload).length).toBeGreaterThan(0);
      for (const [field, schema] of flatFields(def.payload)) {
        expect({
          name,
          field,
          ok: /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/.test(field) && schema.description.length > 0 && !schema.description.includes('\n'),
        }).toEqual({ name, field, ok: true });
      }
    }
    expect(EVENT_CATALOGUE.has('cash_out.unknown')).toBe(false);
  });

  it('has exactly one builder per event name, which builds that name with its webhook flag', () => {
    expect(Object.keys(EVENT_BUILDERS).sort()).toEqual([...EVENT_NAMES].sort());
    for (const name of EVENT_NAMES) {
      expect(SAMPLES[name].length).toBeGreaterThan(0);
      for (const event of SAMPLES[name]) {
        expect({ type: event.type, webhook: event.webhook }).toEqual({ type: name, webhook: EVENT_DEFINITIONS[name].webhook });
      }
    }
  });

  it("builders produce exactly the schema's fields, each of the schema's type, format and values", () => {
    for (const name of EVENT_NAMES) {
      const schema = schemaOf(name);
      for (const event of SAMPLES[name]) {
        const payload = event.payload as Record<string, unknown>;
        expect({ name, fields: Object.keys(payload).sort() }).toEqual({ name, fields: Object.keys(schema).sort() });
        expect({ name, problems: payloadProblems(schema, payload) }).toEqual({ name, problems: [] });
      }
    }
  });

  it('the samples give each nullable field both null and a value, so both are checked against the schema', () => {
    const seen = new Map<string, Set<'null' | 'value'>>();
    for (const name of EVENT_NAMES) {
      for (const [field, def] of flatFields(schemaOf(name))) {
        if (!def.nullable) continue;
        const kinds = seen.get(`${name.split('.')[0]}.${field}`) ?? new Set();
        for (const e of SAMPLES[name]) {
          const value = valueAt(e.payload as Record<string, unknown>, field);
          if (value !== undefined) kinds.add(value === null ? 'null' : 'value');
        }
        seen.set(`${name.split('.')[0]}.${field}`, kinds);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const [field, kinds] of seen) expect({ field, kinds: [...kinds].sort() }).toEqual({ field, kinds: ['null', 'value'] });
  });

  it('offers webhooks only the webhook events, in catalogue order, among them every one DECISIONS names', () => {
    expect(WEBHOOK_EVENT_NAMES).toEqual(EVENT_NAMES.filter((name) => EVENT_DEFINITIONS[name].webhook));
    for (const name of [
      'cash_in.completed',
      'cash_out.returned',
      'reversal.failed',
      'med.opened',
      'p2p.sent',
      'limit_request.expired',
      'key.deleted',
    ]) {
      expect(WEBHOOK_EVENT_NAMES).toContain(name);
    }
    expect(WEBHOOK_EVENT_NAMES).not.toContain('cash_out.queued');
    expect(WEBHOOK_EVENT_NAMES).not.toContain('reversal.queued');
    expect(WEBHOOK_EVENT_NAMES).not.toContain('limit_request.created');
  });

  it('no event is built by hand: event names appear as `type:` literals nowhere in the code', () => {
    const src = resolve(process.cwd(), 'src');
    const pattern = /\btype:\s*[`'"]([a-z_]+\.[a-z_]+)[`'"]/g;
    const handBuilt = sourceFiles(src)
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => `${relative(src, file)}: ${m[1]}`))
      .filter((hit) => EVENT_CATALOGUE.has(hit.split(': ')[1] ?? ''));
    expect(handBuilt).toEqual([]);
  });
});

describe('docs/events.md rendering of the catalogue', () => {
  const md = renderEventsMarkdown(EVENT_CATALOGUE);

  it('has a section per event name, each with every payload field of its schema', () => {
    for (const name of EVENT_NAMES) {
      const start = md.indexOf(`### \`${name}\`\n`);
      expect({ name, found: start >= 0 }).toEqual({ name, found: true });
      const next = md.indexOf('\n### ', start + 1);
      const section = md.slice(start, next < 0 ? undefined : next);
      expect(section).toContain(EVENT_DEFINITIONS[name].description);
      expect(section).toContain(`Webhook: ${EVENT_DEFINITIONS[name].webhook ? 'yes' : 'no (internal)'}.`);
      for (const [field] of flatFields(schemaOf(name))) {
        expect({ name, field, listed: section.includes(`| \`${field}\` |`) }).toEqual({ name, field, listed: true });
      }
    }
  });

  it("lists every event once in the summary, with a working anchor, and every module's part as a section, in order", () => {
    for (const name of EVENT_NAMES) {
      expect(md.split(`| [\`${name}\`](#${name.replace('.', '')}) |`)).toHaveLength(2);
    }
    const titles = EVENT_CATALOGUE.parts.map((part) => part.title);
    for (const title of titles) expect(md).toContain(`\n## ${title}\n`);
    const positions = titles.map((title) => md.indexOf(`\n## ${title}\n`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('marks nullable fields and single-valued statuses', () => {
    expect(md).toMatch(/\| `external_id` \| string \| yes \|/);
    expect(md).toMatch(/\| `status` \| `"completed"` \| no \|/);
    expect(md).toMatch(/\| `amount` \| string \(decimal\) \| no \|/);
  });
});
