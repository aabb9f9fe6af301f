import type { OpenAPIObject } from '@nestjs/swagger';
import fc from 'fast-check';
import { lookAlikes, readOperations, withControls, wrongTypes, type Schema, type SweptOperation } from './openapi-sweep.js';

/**
 * fast-check arbitraries of whole HTTP requests, derived from one operation of the OpenAPI document: its
 * path, query and header parameters and its JSON body. Three families:
 * - valid: every value conforms to its schema (the schema's example among them), with values this run
 *   knows to exist (hints) mixed in, so requests reach real business paths and not only validation;
 * - near: a valid request with one thing off (a bound crossed by one, an enum in the wrong case, an
 *   amount with three decimals, a required field missing, an unknown field, null, an empty string);
 * - hostile: a valid request with one part replaced by something no client should send (wrong JSON
 *   types, huge strings, deep nesting, control characters, look-alikes, prototype keys, 1e309, long
 *   arrays, injection strings, path parameters that are not ids, odd content types).
 */

/** The schema keywords the arbitraries read, beyond those the hostile-input sweep reads. */
export interface FuzzSchema extends Schema {
  description?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | FuzzSchema;
  properties?: Record<string, FuzzSchema>;
  items?: FuzzSchema;
  allOf?: FuzzSchema[];
}

export type Family = 'valid' | 'near' | 'hostile';
export type Where = 'path' | 'query' | 'header' | 'body';

/** JSON text put in a body as is: what JSON.stringify cannot write (1e309, duplicate keys, `__proto__`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A path segment or query part already percent-encoded (`%ZZ`, `%ED%A0%80`), sent as is. */
export class Encoded {
  constructor(readonly text: string) {}
}

/** Removes a field when laid over a body (see OperationHints.body). */
export const OMIT: unique symbol = Symbol('omit');

export interface OperationHints {
  /** Values this run knows (its records' ids, its accounts, its keys) for a parameter or body field, by name path. */
  value?: (where: Where, path: string[]) => fc.Arbitrary<unknown> | undefined;
  /** Fields that must agree with each other (a Flow 1 cash-out's key and its type), laid over a generated body. */
  body?: fc.Arbitrary<Record<string, unknown>>;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: FuzzSchema;
}

export interface FuzzOperation {
  key: string;
  method: SweptOperation['method'];
  template: string;
  admin: boolean;
  /** Documents `x-key-id`/`x-secret-key` (the token endpoint needs them; charges take them instead of a token). */
  apiKeyHeaders: boolean;
  /** Has a `security` requirement (health checks have none). */
  secured: boolean;
  scopes: string[];
  body: FuzzSchema | null;
  params: Parameter[];
}

/** Credentials are the caller's business (valid ones, always); every other documented header is fuzzed. */
const CREDENTIAL_HEADERS = new Set(['x-key-id', 'x-secret-key', 'authorization']);

export function readFuzzOperations(doc: OpenAPIObject): FuzzOperation[] {
  return readOperations(doc).map((swept) => {
    const raw = (doc.paths[swept.template] as Record<string, Record<string, unknown>>)[swept.method]!;
    const params = ((raw.parameters ?? []) as Parameter[]).map((p) => ({ ...p, schema: resolveSchema(doc, p.schema) }));
    const body = raw.requestBody as { content?: Record<string, { schema?: FuzzSchema }> } | undefined;
    const bodySchema = body?.content?.['application/json']?.schema;
    return {
      key: `${swept.method.toUpperCase()} ${swept.template}`,
      method: swept.method,
      template: swept.template,
      admin: swept.admin,
      apiKeyHeaders: swept.apiKeyHeaders,
      secured: Array.isArray(raw.security) && raw.security.length > 0,
      scopes: (raw['x-required-scopes'] as string[] | undefined) ?? [],
      body: bodySchema ? resolveSchema(doc, bodySchema) : null,
      params,
    };
  });
}

/** Follows `$ref` and merges `allOf`, keeping the referring schema's own keywords (a property's description). */
export function resolveSchema(doc: OpenAPIObject, raw: FuzzSchema | undefined): FuzzSchema {
  if (!raw) return {};
  if (raw.$ref) {
    const { $ref, ...own } = raw;
    const target = (doc.components?.schemas as Record<string, FuzzSchema> | undefined)?.[$ref.split('/').pop()!];
    return { ...resolveSchema(doc, target), ...own };
  }
  if (raw.allOf?.length) {
    const { allOf, ...own } = raw;
    const parts = allOf.map((p) => resolveSchema(doc, p));
    const merged: FuzzSchema = Object.assign({}, ...parts, own);
    const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {})) as Record<string, FuzzSchema>;
    if (Object.keys(properties).length) merged.properties = properties;
    const required = parts.flatMap((p) => p.required ?? []);
    if (required.length) merged.required = required;
    return merged;
  }
  return raw;
}

/**
 * The format of a string: the schema's own, else what its example or name says. The document states
 * money as "BRL decimal string" and dates by example only, so `decimal` and `date` are read from those.
 */
export function formatOf(name: string, s: FuzzSchema): string | undefined {
  if (s.format) return s.format;
  const example = typeof s.example === 'string' ? s.example : undefined;
  if (example !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(example)) return 'date';
  if (/(^|_)amount$/.test(name) || /BRL decimal/i.test(s.description ?? '') || (example !== undefined && /^\d+\.\d{2}$/.test(example))) {
    return 'decimal';
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** Printable text: Latin letters and digits mostly, with accents, other scripts and an emoji (all legal in free text). */
const PRINTABLE = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ' ',
  '-',
  '_',
  '.',
  ',',
  '/',
  '#',
  'ã',
  'ç',
  'é',
  'Ж',
  '中',
  '😀',
];
export const printableText = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...PRINTABLE), minLength, maxLength: Math.max(minLength, maxLength) });

/** A BRL amount as the API writes it: digits, a point and two decimals, above zero; small ones most often. */
export const decimalAmount = (): fc.Arbitrary<string> =>
  fc
    .oneof({ arbitrary: fc.integer({ min: 0, max: 99 }), weight: 3 }, { arbitrary: fc.integer({ min: 100, max: 9999 }), weight: 1 })
    .chain((units) => fc.integer({ min: units === 0 ? 1 : 0, max: 99 }).map((cents) => `${units}.${String(cents).padStart(2, '0')}`));

const DAY = 86_400_000;

export interface ArbitraryOptions {
  /** Dates and instants are drawn around this one (the app's clock), so "today or later" can hold. */
  now: Date;
}

class Builder {
  constructor(
    private readonly doc: OpenAPIObject,
    private readonly op: FuzzOperation,
    private readonly hints: OperationHints,
    private readonly options: ArbitraryOptions,
  ) {}

  resolve(s: FuzzSchema | undefined): FuzzSchema {
    return resolveSchema(this.doc, s);
  }

  /** A valid value of a parameter or field: a hinted one most of the time when there is a hint. */
  valid(where: Where, path: string[], raw: FuzzSchema | undefined): fc.Arbitrary<unknown> {
    const own = this.ofSchema(where, path, this.resolve(raw));
    const hint = this.hints.value?.(where, path);
    return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: own, weight: 1 }) : own;
  }

  private ofSchema(where: Where, path: string[], s: FuzzSchema): fc.Arbitrary<unknown> {
    const name = path[path.length - 1] ?? '';
    const withExample = (arb: fc.Arbitrary<unknown>) =>
      s.example === undefined ? arb : fc.oneof({ arbitrary: fc.constant(s.example), weight: 1 }, { arbitrary: arb, weight: 2 });
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    if (s.properties || s.type === 'object') return this.object(where, path, s);
    switch (s.type) {
      case 'integer':
      case 'number': {
        const min = s.minimum ?? 0;
        return withExample(fc.integer({ min, max: s.maximum ?? min + 1000 }));
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = this.valid(where, [...path, '0'], s.items);
        return withExample(fc.array(items, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) }));
      }
      default:
        return withExample(this.string(name, s));
    }
  }

  private string(name: string, s: FuzzSchema): fc.Arbitrary<string> {
    const now = this.options.now.getTime();
    const instant = fc.date({ min: new Date(now - 30 * DAY), max: new Date(now + 270 * DAY), noInvalidDate: true });
    switch (formatOf(name, s)) {
      case 'uuid':
        return fc.uuid({ version: 4 });
      case 'date-time':
        return instant.map((d) => d.toISOString());
      case 'date':
        // From today on: a due date in the past is refused, which the near family covers.
        return fc.integer({ min: 0, max: 270 }).map((days) => new Date(now + days * DAY).toISOString().slice(0, 10));
      case 'decimal':
        return decimalAmount();
    }
    const max = Math.min(s.maxLength ?? 40, 40);
    if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
    return printableText(Math.max(1, s.minLength ?? 1), max);
  }

  /** Required properties and up to three optional ones (more would mostly combine into conflicts). */
  private object(where: Where, path: string[], s: FuzzSchema): fc.Arbitrary<Record<string, unknown>> {
    const entries = Object.entries(s.properties ?? {});
    if (!entries.length) {
      if (!s.additionalProperties) return fc.constant({});
      const key = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 12 });
      return fc.dictionary(key, fc.oneof(printableText(0, 20), fc.integer(), fc.boolean()), { maxKeys: 4 });
    }
    const required = new Set(s.required ?? []);
    const model = Object.fromEntries(entries.map(([k, p]) => [k, this.valid(where, [...path, k], p)]));
    const optional = entries.map(([k]) => k).filter((k) => !required.has(k));
    return fc
      .tuple(fc.record(model), fc.subarray(optional, { maxLength: Math.min(3, optional.length) }))
      .map(([all, chosen]) => Object.fromEntries(Object.entries(all).filter(([k]) => required.has(k) || chosen.includes(k))));
  }

  validParts(): fc.Arbitrary<Parts> {
    const byIn = (where: string) => this.op.params.filter((p) => p.in === where);
    const path = fc.record(Object.fromEntries(byIn('path').map((p) => [p.name, this.valid('path', [p.name], p.schema).map(String)])));
    const optionalList = (where: 'query' | 'header', params: Parameter[]) =>
      fc
        .tuple(
          fc.tuple(...params.map((p) => this.valid(where, [p.name], p.schema).map((v) => [p.name, String(v)] as [string, string]))),
          fc.subarray(params.filter((p) => !p.required).map((p) => p.name)),
        )
        .map(([values, chosen]) => values.filter(([name]) => chosen.includes(name) || params.find((p) => p.name === name)?.required));
    const query = optionalList('query', byIn('query'));
    const headers = optionalList(
      'header',
      byIn('header').filter((p) => !CREDENTIAL_HEADERS.has(p.name.toLowerCase())),
    ).map((list) => Object.fromEntries(list));
    let body: fc.Arbitrary<unknown> = fc.constant(NO_BODY);
    if (this.op.body) {
      const generated = this.object('body', [], this.op.body);
      body = this.hints.body ? fc.tuple(generated, this.hints.body).map(([b, over]) => overlay(b, over)) : generated;
    }
    return fc.record({ path, query, headers, body }).map((p) => ({ ...p, contentType: 'application/json' }));
  }

  /** Body fields, nested objects and the objects of arrays (index 0) included, three levels deep. */
  fields(): FieldRef[] {
    const walk = (s: FuzzSchema, prefix: string[], depth: number): FieldRef[] =>
      Object.entries(s.properties ?? {}).flatMap(([name, raw]) => {
        const f = this.resolve(raw);
        const path = [...prefix, name];
        const own: FieldRef = { path, schema: f, required: (s.required ?? []).includes(name) };
        if (depth >= 3) return [own];
        if (f.properties) return [own, ...walk(f, path, depth + 1)];
        const items = f.type === 'array' ? this.resolve(f.items) : undefined;
        if (items?.properties) return [own, ...walk(items, [...path, '0'], depth + 1)];
        return [own];
      });
    return this.op.body ? walk(this.op.body, [], 0) : [];
  }
}

interface FieldRef {
  path: string[];
  schema: FuzzSchema;
  required: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Requests

const NO_BODY: unique symbol = Symbol('no body');

interface Parts {
  path: Record<string, string | Encoded>;
  query: [string | Encoded, string | Encoded][];
  headers: Record<string, string>;
  body: unknown;
  contentType: string;
  /** Sent in place of `body` when set: text that is not the JSON of a value (or not JSON). */
  raw?: string | Buffer;
  /** Which of a mutation's values was drawn, for the report. */
  note?: string;
}

/** One request ready to send; credentials are added by the caller. */
export interface FuzzRequest {
  family: Family;
  /** What was changed, for the failure report. */
  what: string;
  method: SweptOperation['method'];
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  contentType?: string;
}

function overlay(body: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const [k, v] of Object.entries(over)) {
    if (v === OMIT) delete out[k];
    else out[k] = v;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawJson);

export function getIn(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

/** A copy of `root` with `path` set to `value` (OMIT deletes), making objects or arrays (numeric keys) on the way. */
export function setIn(root: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    const next = setIn(list[Number(head)], rest, value);
    if (next === OMIT) list.splice(Number(head), 1);
    else list[Number(head)] = next;
    return list;
  }
  const obj: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const next = setIn(obj[head], rest, value);
  if (next === OMIT) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** JSON text of a value that may hold RawJson parts. */
export function toJsonText(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined || x === OMIT ? 'null' : toJsonText(x))).join(',')}]`;
  if (isRecord(v)) {
    const members = Object.entries(v).filter(([, x]) => x !== undefined && x !== OMIT);
    return `{${members.map(([k, x]) => `${JSON.stringify(k)}:${toJsonText(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-encodes a segment; lone surrogates (which encodeURIComponent refuses) as the bytes a careless client sends. */
export function encodeSegment(v: string | Encoded): string {
  if (v instanceof Encoded) return /^[\x21-\x7e]*$/.test(v.text) ? v.text : encodeSegment(v.text);
  if (!LONE_SURROGATE.test(v)) return encodeURIComponent(v);
  return [...v]
    .map((ch) => {
      const cu = ch.charCodeAt(0);
      if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
        return [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');
}

/** A header value Node will send: tab, printable ASCII and Latin-1 only (anything else is percent-encoded). */
export function headerSafe(v: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(v) ? v : encodeSegment(v);
}

function toRequest(op: FuzzOperation, family: Family, what: string, p: Parts): FuzzRequest {
  const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(p.path[name] ?? ''));
  const query = p.query.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&');
  const headers = Object.fromEntries(Object.entries(p.headers).map(([k, v]) => [k, headerSafe(v)]));
  const body = p.raw ?? (p.body === NO_BODY ? undefined : toJsonText(p.body));
  return { family, what, method: op.method, url: query ? `${path}?${query}` : path, headers, body, contentType: p.contentType };
}

// ---------------------------------------------------------------------------------------------------
// Mutations: one change to a valid request

interface Mutation {
  what: string;
  /** Drawn, then handed to `apply` (most mutations have a fixed list of values). */
  value: fc.Arbitrary<unknown>;
  apply: (p: Parts, v: unknown) => Parts;
}

/** Strings that have broken parsers, query builders and templates elsewhere. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE ledger_entries; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  "\\'",
  '\\',
  '`id`',
  '{"$gt":""}',
  '{"$where":"1"}',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  'true',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\uFEFF1.00',
  '１２３',
  'ｅｘａｍｐｌｅ',
  '\u202Eabc',
  'a\u200Bb',
  '\uD800',
  'x\uDFFFy',
  'e\u0301',
  'İı',
  'ǅ',
  '\u2028\u2029',
  '\r\n',
  '   ',
  '😀'.repeat(50),
];

const deepArrays = (n: number) => new RawJson('['.repeat(n) + ']'.repeat(n));
const deepObjects = (n: number) => new RawJson('{"a":'.repeat(n) + '1' + '}'.repeat(n));
const longArray = (n: number, item = '0') => new RawJson(`[${Array.from({ length: n }, () => item).join(',')}]`);

/** Values no field should take; the caller adds look-alikes and control characters of the field's own value. */
const HOSTILE_VALUES: [string, unknown][] = [
  ['1e309', new RawJson('1e309')],
  ['-1e309', new RawJson('-1e309')],
  ['1e-400', new RawJson('1e-400')],
  ['-0', new RawJson('-0')],
  ['30-digit number', new RawJson('123456789012345678901234567890')],
  ['2^53+1', new RawJson('9007199254740993')],
  ['"NaN"', 'NaN'],
  ['"1e309"', '1e309'],
  ['empty object', {}],
  ['empty array', []],
  ['nested 17 arrays', deepArrays(17)],
  ['nested 3000 arrays', deepArrays(3000)],
  ['nested 3000 objects', deepObjects(3000)],
  ['2001 elements', longArray(2001)],
  ['5000 strings', longArray(5000, '"x"')],
  ['__proto__ object', new RawJson('{"__proto__":{"polluted":true}}')],
  ['constructor.prototype', new RawJson('{"constructor":{"prototype":{"polluted":true}}}')],
  ['prototype key', new RawJson('{"prototype":{"polluted":true}}')],
  ['10,000 characters', 'A'.repeat(10_000)],
  ['100,000 characters', 'A'.repeat(100_000)],
  ['600,000 characters', 'A'.repeat(600_000)],
  ['50,000 emoji', '😀'.repeat(50_000)],
  ['NUL inside', 'a\u0000b'],
  ['object with NUL key', new RawJson('{"k\\u0000":"v"}')],
];

/** Path segments that are not ids (already encoded where they are percent sequences). */
const HOSTILE_SEGMENTS: (string | Encoded)[] = [
  new Encoded('%00'),
  new Encoded('%ZZ'),
  new Encoded('%'),
  new Encoded('..%2F..%2Fhealth'),
  new Encoded('%2e%2e'),
  new Encoded('%ED%A0%80'),
  new Encoded('%FF%FE'),
  new Encoded('%F0%9F%98%80'),
  new Encoded('%EF%BC%91%EF%BC%92'),
  new Encoded('%0D%0ASet-Cookie:%20x=1'),
  new Encoded('*'),
  'a'.repeat(3000),
  '1e309',
  '-1',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  "1' OR '1'='1",
  '00000000-0000-0000-0000-000000000000',
  '{{id}}',
  ' ',
];

const HOSTILE_QUERY_VALUES: (string | Encoded)[] = [
  ...INJECTIONS,
  'x'.repeat(5000),
  '9'.repeat(400),
  '1e21',
  '0x10',
  '',
  new Encoded('%ZZ'),
  new Encoded('%ED%A0%80'),
  new Encoded('%FF'),
  new Encoded('a%00b'),
];

/** The uuid with one thing wrong. */
const uuidVariants = (v: string) => [
  v.toUpperCase(),
  v.slice(0, -1),
  `${v}0`,
  v.replace(/-/g, ''),
  `{${v}}`,
  '00000000-0000-0000-0000-000000000000',
  v.replace(/[0-9a-f]$/, 'g'),
];
const DECIMAL_NEAR = [
  '1.005',
  '0.001',
  '0',
  '0.00',
  '-1.00',
  '1',
  '1.0',
  '.50',
  '01.00',
  '1,00',
  '+1.00',
  '1e2',
  ' 1.00',
  '1.00 ',
  '99999999999999.99',
];
const DATE_NEAR = ['2026-02-30', '2026-3-1', '2026-03-10T00:00:00Z', '10/03/2026', '0000-00-00', '2020-01-01', '20260310'];
const DATE_TIME_NEAR = [
  '2026-03-10',
  '2026-03-10T25:00:00Z',
  '2026-03-10T15:00:00',
  '2026-02-30T00:00:00Z',
  '2026-03-10T23:59:60Z',
  '2026-03-10 15:00:00Z',
  '1773154800000',
];

/** Near-valid replacements for a value of this schema, given the valid value it replaces. */
function nearValues(name: string, s: FuzzSchema, current: unknown): [string, unknown][] {
  const out: [string, unknown][] = [];
  const str = typeof current === 'string' ? current : undefined;
  if (s.enum?.length) {
    const first = String(current ?? s.enum[0]);
    const swapped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
    if (typeof s.enum[0] === 'number')
      out.push(['enum as string', String(s.enum[0])], ['not in enum', Math.max(...(s.enum as number[])) + 1]);
    else
      out.push(
        ['enum wrong case', swapped],
        ['enum with a space', ` ${first}`],
        ['enum, first letter capital', first.charAt(0).toUpperCase() + first.slice(1)],
      );
  }
  switch (s.type) {
    case 'integer':
    case 'number':
      if (s.minimum !== undefined) out.push(['minimum - 1', s.minimum - 1], ['minimum', s.minimum]);
      if (s.maximum !== undefined) out.push(['maximum + 1', s.maximum + 1], ['maximum', s.maximum]);
      out.push(['1.5', 1.5], ['number as string', String(current ?? s.minimum ?? 1)], ['-1', -1]);
      break;
    case 'boolean':
      out.push(['"true"', 'true'], ['1', 1]);
      break;
    case 'array': {
      const item = Array.isArray(current) && current.length ? current[0] : 'x';
      if (s.maxItems !== undefined)
        out.push(
          ['maxItems + 1', Array.from({ length: s.maxItems + 1 }, () => item)],
          ['maxItems', Array.from({ length: s.maxItems }, () => item)],
        );
      out.push(['empty array', []], ['[null]', [null]], ['item twice', [item, item]]);
      break;
    }
    case 'object':
      out.push(['empty object', {}]);
      break;
    default: {
      if (s.enum) break;
      out.push(['empty string', '']);
      if (s.maxLength !== undefined) out.push(['maxLength + 1', 'x'.repeat(s.maxLength + 1)], ['maxLength', 'x'.repeat(s.maxLength)]);
      if (s.minLength) out.push(['minLength - 1', 'x'.repeat(s.minLength - 1)]);
      const format = formatOf(name, s);
      if (format === 'decimal') out.push(...DECIMAL_NEAR.map((v) => [`amount ${JSON.stringify(v)}`, v] as [string, unknown]));
      if (format === 'uuid')
        out.push(...uuidVariants(str ?? '6f1c8f2e-9b1a-4c3d-8e5f-0a1b2c3d4e5f').map((v) => [`uuid ${v}`, v] as [string, unknown]));
      if (format === 'date') out.push(...DATE_NEAR.map((v) => [`date ${v}`, v] as [string, unknown]));
      if (format === 'date-time') out.push(...DATE_TIME_NEAR.map((v) => [`date-time ${v}`, v] as [string, unknown]));
      if (str) out.push(['upper case', str.toUpperCase()], ['surrounding spaces', ` ${str} `]);
    }
  }
  return out;
}

const label = (path: string[]) => path.join('.');

function mutations(b: Builder, op: FuzzOperation, family: 'near' | 'hostile'): Mutation[] {
  const out: Mutation[] = [];
  const fixed = (what: string, apply: (p: Parts) => Parts) => out.push({ what, value: fc.constant(null), apply: (p) => apply(p) });
  /**
   * A mutation whose values depend on the valid value it replaces: draws an index into them. Unbiased, as
   * is the choice of mutation: fast-check favours small indexes otherwise, which would skew to each list's head.
   */
  const derived = (what: string, variants: (p: Parts) => [string, unknown][], apply: (p: Parts, v: unknown) => Parts) =>
    out.push({
      what,
      value: fc.noBias(fc.nat()),
      apply: (p, n) => {
        const list = variants(p);
        const chosen = list[(n as number) % Math.max(1, list.length)];
        return chosen ? { ...apply(p, chosen[1]), note: chosen[0] } : p;
      },
    });
  const setBody = (path: string[]) => (p: Parts, v: unknown) => ({ ...p, body: setIn(p.body === NO_BODY ? {} : p.body, path, v) });
  const seedOf = (v: unknown) => (typeof v === 'string' && v.length ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : 'abc');

  // Body fields.
  for (const f of b.fields()) {
    const name = f.path[f.path.length - 1]!;
    const at = label(f.path);
    if (family === 'near') {
      fixed(`${at} = null`, (p) => setBody(f.path)(p, null));
      if (f.required) fixed(`${at} missing`, (p) => setBody(f.path)(p, OMIT));
      derived(`${at} near`, (p) => nearValues(name, f.schema, getIn(p.body, f.path)), setBody(f.path));
      if (f.schema.properties) fixed(`${at} unknown field inside`, (p) => setBody([...f.path, 'surprise_field'])(p, 'x'));
    } else {
      derived(`${at} wrong type`, () => wrongTypes(f.schema).map((v) => [JSON.stringify(v), v]), setBody(f.path));
      derived(`${at} hostile`, () => HOSTILE_VALUES, setBody(f.path));
      derived(`${at} injection`, () => INJECTIONS.map((v) => [JSON.stringify(v), v]), setBody(f.path));
      derived(
        `${at} control characters`,
        (p) => withControls(seedOf(getIn(p.body, f.path))).map((v) => [JSON.stringify(v), v]),
        setBody(f.path),
      );
      derived(`${at} look-alike`, (p) => lookAlikes(seedOf(getIn(p.body, f.path))).map((v) => [JSON.stringify(v), v]), setBody(f.path));
      out.push({ what: `${at} random code points`, value: fc.string({ unit: 'binary', maxLength: 60 }), apply: setBody(f.path) });
    }
  }

  // The body as a whole.
  if (op.body) {
    if (family === 'near') {
      fixed('unknown top-level field', (p) => setBody(['surprise_field'])(p, 'x'));
      fixed('empty object', (p) => ({ ...p, body: {} }));
    } else {
      const rawCases: [string, string | Buffer][] = [
        ['null', 'null'],
        ['array', '[{}]'],
        ['string', '"text"'],
        ['1e309', '1e309'],
        ['NaN', 'NaN'],
        ['truncated', '{"a":'],
        ['extra brace', '{}}'],
        ['trailing comma', '{"a":1,}'],
        ['single quotes', "{'a':1}"],
        ['comment', '{/*x*/}'],
        ['empty', ''],
        ['spaces', '   '],
        ['BOM then {}', '\uFEFF{}'],
        ['3000 levels', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)],
        ['2001 keys', JSON.stringify(Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, i])))],
        ['1.1 MB', JSON.stringify({ filler: 'x'.repeat(1_100_000) })],
        ['invalid UTF-8', Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])],
      ];
      for (const [what, raw] of rawCases) fixed(`body ${what}`, (p) => ({ ...p, raw }));
      const splice = (member: string) => (p: Parts) => {
        const text = toJsonText(p.body === NO_BODY ? {} : p.body);
        return { ...p, raw: text === '{}' ? `{${member}}` : `{${member},${text.slice(1)}` };
      };
      fixed('body __proto__', splice('"__proto__":{"isAdmin":true}'));
      fixed('body constructor.prototype', splice('"constructor":{"prototype":{"isAdmin":true}}'));
      fixed('body duplicate key', (p) => {
        const first = Object.keys(isRecord(p.body) ? p.body : {})[0] ?? 'x';
        return splice(`${JSON.stringify(first)}:{"dup":1}`)(p);
      });
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/xml',
        'multipart/form-data; boundary=x',
      ]) {
        fixed(`content type ${type}`, (p) => ({
          ...p,
          contentType: type,
          raw: type.includes('urlencoded') ? 'a=1&__proto__[x]=1' : toJsonText(p.body),
        }));
      }
    }
  } else if (family === 'hostile') {
    // An operation without a body schema ignores a body, or refuses a hostile one: never a 5xx.
    fixed('unexpected body', (p) => ({ ...p, raw: '{"__proto__":{"x":1},"a":[[[[[]]]]]}' }));
    fixed('unexpected malformed body', (p) => ({ ...p, raw: '{"a":' }));
  }

  // Parameters.
  for (const param of op.params) {
    const s = param.schema ?? {};
    if (param.in === 'header' && CREDENTIAL_HEADERS.has(param.name.toLowerCase())) continue;
    const at = `${param.in} ${param.name}`;
    const setParam = (p: Parts, v: unknown): Parts => {
      const value = v instanceof Encoded ? v : String(v);
      if (param.in === 'path') return { ...p, path: { ...p.path, [param.name]: value } };
      if (param.in === 'header') return { ...p, headers: { ...p.headers, [param.name]: value instanceof Encoded ? value.text : value } };
      return { ...p, query: [...p.query.filter(([k]) => k !== param.name), [param.name, value]] };
    };
    const current = (p: Parts): unknown =>
      param.in === 'path'
        ? p.path[param.name]
        : param.in === 'header'
          ? p.headers[param.name]
          : p.query.find(([k]) => k === param.name)?.[1];
    if (family === 'near') {
      derived(
        `${at} near`,
        (p) => nearValues(param.name, s, current(p) ?? (typeof s.example === 'string' ? s.example : undefined)),
        setParam,
      );
      if (param.in === 'query')
        fixed(`${at} twice`, (p) => ({
          ...p,
          query: [...p.query, [param.name, String(current(p) ?? '1')], [param.name, String(current(p) ?? '1')]],
        }));
    } else {
      const values = param.in === 'path' ? HOSTILE_SEGMENTS : HOSTILE_QUERY_VALUES;
      derived(`${at} hostile`, () => values.map((v) => [v instanceof Encoded ? v.text : JSON.stringify(v.slice(0, 30)), v]), setParam);
      derived(`${at} look-alike`, (p) => lookAlikes(String(current(p) ?? 'abc')).map((v) => [JSON.stringify(v), v]), setParam);
      derived(`${at} control characters`, (p) => withControls(String(current(p) ?? 'abc')).map((v) => [JSON.stringify(v), v]), setParam);
      out.push({ what: `${at} random code points`, value: fc.string({ unit: 'binary', maxLength: 40 }), apply: setParam });
      if (param.in === 'query') {
        for (const key of [`${param.name}[]`, `${param.name}[a]`, `__proto__[${param.name}]`, `constructor[prototype][${param.name}]`]) {
          fixed(`query key ${key}`, (p) => ({ ...p, query: [...p.query, [new Encoded(key), '1']] }));
        }
      }
    }
  }

  // Every operation: an undeclared query parameter, and a hostile request id.
  if (family === 'near') fixed('undeclared query parameter', (p) => ({ ...p, query: [...p.query, ['page_token', 'abc']] }));
  else {
    fixed('query __proto__', (p) => ({ ...p, query: [...p.query, [new Encoded('__proto__[isAdmin]'), 'true']] }));
    derived(
      'hostile X-Request-Id',
      () => [
        ['long', 'r'.repeat(300)],
        ['spaces', 'a b c'],
        ['injection', "' OR 1=1 --"],
        ['path', '../../x'],
      ],
      (p, v) => ({
        ...p,
        headers: { ...p.headers, 'X-Request-Id': String(v) },
      }),
    );
    if (op.method === 'get') fixed('GET with a body', (p) => ({ ...p, raw: '[1,2,3]' }));
  }
  return out;
}

/** The three families of requests of one operation, as arbitraries. */
export function operationArbitraries(
  doc: OpenAPIObject,
  op: FuzzOperation,
  hints: OperationHints,
  options: ArbitraryOptions,
): Record<Family, fc.Arbitrary<FuzzRequest>> {
  const b = new Builder(doc, op, hints, options);
  const valid = b.validParts();
  const mutated = (family: 'near' | 'hostile') => {
    const list = mutations(b, op, family);
    return fc.tuple(valid, fc.noBias(fc.constantFrom(...list))).chain(([p, m]) =>
      m.value.map((v) => {
        const changed = m.apply(p, v);
        return toRequest(op, family, changed.note ? `${m.what}: ${changed.note}` : m.what, changed);
      }),
    );
  };
  return { valid: valid.map((p) => toRequest(op, 'valid', 'valid', p)), near: mutated('near'), hostile: mutated('hostile') };
}

/** `count` requests of the operation, the families mixed in the given shares, the same ones for the same seed. */
export function sampleRequests(
  doc: OpenAPIObject,
  op: FuzzOperation,
  hints: OperationHints,
  options: ArbitraryOptions & { count: number; seed: number; shares?: Record<Family, number> },
): FuzzRequest[] {
  const arbs = operationArbitraries(doc, op, hints, options);
  const shares = options.shares ?? { valid: 0.4, near: 0.3, hostile: 0.3 };
  const near = Math.round(options.count * shares.near);
  const hostile = Math.round(options.count * shares.hostile);
  const counts: Record<Family, number> = { valid: options.count - near - hostile, near, hostile };
  const families = (['valid', 'near', 'hostile'] as const).map((f, i) =>
    fc.sample(arbs[f], { seed: options.seed + i, numRuns: counts[f] }),
  );
  // Interleaved, so the families run side by side rather than one after another.
  const out: FuzzRequest[] = [];
  for (let i = 0; out.length < options.count; i++) for (const list of families) if (list[i]) out.push(list[i]!);
  return out;
}

/** A stable 31-bit hash, to give each operation its own seed that does not move when others are added. */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) & 0x7fffffff;
}
