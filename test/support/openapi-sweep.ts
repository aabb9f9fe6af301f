import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';

/** The part of an OpenAPI schema the hostile-input sweep reads. */
export interface Schema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
  allOf?: Schema[];
}

interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  'x-required-scopes'?: string[];
}

/** A body field, top level or one object level down (`payer.name`). */
export interface Field {
  path: string[];
  schema: Schema;
}

export interface SweptOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  template: string;
  /** Admin endpoints take an admin token; `x-key-id` endpoints take the API-key headers. */
  admin: boolean;
  apiKeyHeaders: boolean;
  idempotent: boolean;
  body: Schema | null;
  fields: Field[];
  pathParams: Parameter[];
  queryParams: Parameter[];
}

export function resolve(doc: OpenAPIObject, s: Schema | undefined): Schema {
  if (!s) return {};
  if (s.$ref) return resolve(doc, (doc.components?.schemas as Record<string, Schema>)[s.$ref.split('/').pop()!]);
  if (s.allOf?.length === 1) return resolve(doc, s.allOf[0]);
  return s;
}

function fieldsOf(doc: OpenAPIObject, schema: Schema, prefix: string[] = []): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, raw]) => {
    const s = resolve(doc, raw);
    const own = { path: [...prefix, name], schema: s };
    return prefix.length === 0 && s.properties ? [own, ...fieldsOf(doc, s, [name])] : [own];
  });
}

/** A string or free-form object in a body at any depth; an array's element is index `0` of the path. */
export interface Leaf {
  path: string[];
  kind: 'string' | 'free-form';
}

/**
 * Every string and every free-form object (no `properties`, or `additionalProperties`) of a body schema, at
 * any depth and inside arrays: `fields` stops one object level down, these reach `discount.fixed_dates.0.date`.
 */
export function leavesOf(doc: OpenAPIObject, raw: Schema | undefined, prefix: string[] = []): Leaf[] {
  const s = resolve(doc, raw);
  if (s.type === 'array') return leavesOf(doc, s.items, [...prefix, '0']);
  if (s.type === 'string') return [{ path: prefix, kind: 'string' }];
  if (s.type !== 'object' && !s.properties) return [];
  const own: Leaf[] = !s.properties || s.additionalProperties ? [{ path: prefix, kind: 'free-form' }] : [];
  return [...own, ...Object.entries(s.properties ?? {}).flatMap(([name, child]) => leavesOf(doc, child, [...prefix, name]))];
}

/** Every operation of the document, with what the sweep needs to call it (new endpoints included). */
export function readOperations(doc: OpenAPIObject): SweptOperation[] {
  const ops: SweptOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = (item as Record<string, RawOperation | undefined>)[method];
      if (!op) continue;
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(doc, p.schema) }));
      const raw = op.requestBody?.content?.['application/json']?.schema;
      const body = raw ? resolve(doc, raw) : null;
      ops.push({
        method,
        template,
        admin: template.startsWith('/api/v1/admin/') || (op['x-required-scopes'] ?? []).some((s) => s.startsWith('admin:')),
        apiKeyHeaders: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-key-id'),
        idempotent: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-idempotency-key'),
        body,
        fields: body ? fieldsOf(doc, body) : [],
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
      });
    }
  }
  return ops;
}

/** Field names whose value follows a fixed syntax even where the schema states no pattern. */
const STRICT_NAME = /(^|_)(amount|percent|pix_key|key_value|br_code|document|ispb|branch|account|account_id|scopes|type|e2e)$/;

/** A field with a fixed syntax: a look-alike character there must be refused; elsewhere it may be accepted. */
export function isStrict(name: string, s: Schema): boolean {
  return (
    STRICT_NAME.test(name) ||
    s.enum !== undefined ||
    s.pattern !== undefined ||
    s.format !== undefined ||
    (s.items ? isStrict(name, s.items) : false)
  );
}

export function isAmountField(name: string): boolean {
  return /(^|_)amount$/.test(name);
}

const HOMOGLYPHS: Record<string, string> = {
  a: 'а',
  c: 'с',
  e: 'е',
  o: 'о',
  p: 'р',
  x: 'х',
  y: 'у',
  i: 'і',
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  I: 'І',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};

/** The value with one character swapped for one that looks the same, or with invisible characters added. */
export function lookAlikes(value: string): string[] {
  const at = (i: number, ch: string) => value.slice(0, i) + ch + value.slice(i + 1);
  const out: string[] = [];
  const alnum = value.search(/[A-Za-z0-9]/);
  if (alnum >= 0) out.push(at(alnum, String.fromCharCode(value.charCodeAt(alnum) + 0xfee0))); // full width
  const letter = [...value].findIndex((ch) => HOMOGLYPHS[ch] !== undefined);
  if (letter >= 0) out.push(at(letter, HOMOGLYPHS[value[letter]!]!)); // Cyrillic
  const digit = value.search(/[0-9]/);
  if (digit >= 0) out.push(at(digit, String.fromCharCode(0x0660 + Number(value[digit])))); // Arabic-Indic
  out.push(`${value}\u200b`, `\u202e${value}`, `${value}\u0301`);
  return out;
}

/** The value with a C0, DEL or C1 control character inside it (NUL is a case of its own). */
export function withControls(value: string): string[] {
  const mid = Math.ceil(value.length / 2);
  return ['\u0007', '\u0001', '\u001b[31m', '\n', '\t', '\u007f', '\u0085'].map((ch) => value.slice(0, mid) + ch + value.slice(mid));
}

/** The value with white space around it, which a field may trim (a pasted BR Code) or refuse. */
export function withEdges(value: string): string[] {
  return [`${value}\n`, `\t${value}`, `\u00a0${value}`, `${value} `, `\r\n${value}\r\n`];
}

/** Values of the wrong JSON type for a field of this schema (null is not among them: optional fields take it). */
export function wrongTypes(s: Schema): unknown[] {
  switch (s.type) {
    case 'string':
      return [12345, 1.5, true, {}, [], ['x']];
    case 'number':
    case 'integer':
      return ['abc', '12', true, {}, []];
    case 'boolean':
      return ['yes', 1, {}, []];
    case 'array':
      return ['x', 1, {}, [1], [{}], [[]]];
    case 'object':
      return ['not an object', 1, true, [], [{}]];
    default:
      return [[[]], 12345];
  }
}

/** A copy of `body` with `path` set to `value`; a digit key (a `leavesOf` path) goes into an array. */
export function setAt(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    const wantsArray = /^\d+$/.test(path[i + 1]!);
    if (!node[key] || typeof node[key] !== 'object' || Array.isArray(node[key]) !== wantsArray) node[key] = wantsArray ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1]!] = value;
  return copy;
}

export function getAt(body: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), body);
}

/** A plausible value for a schema, for operations no hand-written baseline covers (endpoints added later). */
export function sampleValue(doc: OpenAPIObject, raw: Schema): unknown {
  const s = resolve(doc, raw);
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date-time') return new Date(0).toISOString();
  switch (s.type) {
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sampleValue(doc, s.items)] : [];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sampleValue(doc, s.properties?.[k] ?? {})]));
    default:
      return 'sample';
  }
}
