/**
 * A JSON-schema-like description of an event payload, written once as data (event-catalogue.ts): the
 * payload types are derived from it (`PayloadOf`) and docs/events.md is rendered from it, so the code, the
 * documentation and what webhook consumers receive cannot drift apart.
 */

/**
 * Formats of string fields. `decimal` is money: a decimal string with exactly 2 decimals ("150.00"),
 * never a JSON number. `date-time` is ISO 8601 in UTC with milliseconds ("2025-11-20T12:00:00.000Z").
 */
export type StringFormat = 'uuid' | 'decimal' | 'date-time' | 'end-to-end-id' | 'ispb';

/** A field holding one value: a string, an integer or a boolean. */
export interface ScalarFieldSchema {
  readonly type: 'string' | 'integer' | 'boolean';
  readonly format?: StringFormat;
  /** The only values the field takes (strings only). */
  readonly enum?: readonly string[];
  /** `null` is a value of the field; the field itself is always present. */
  readonly nullable?: boolean;
  /** One line, Markdown. */
  readonly description: string;
}

/**
 * A field holding an object of scalar fields (one level: a party, never a tree), each always present like a
 * payload's own fields (docs/events.md lists them as `field.subfield`).
 */
export interface ObjectFieldSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, ScalarFieldSchema>>;
  /** An object has no format or values of its own (its fields may). */
  readonly format?: never;
  readonly enum?: never;
  /** `null` is a value of the field; the field itself is always present. */
  readonly nullable?: boolean;
  /** One line, Markdown. */
  readonly description: string;
}

export type FieldSchema = ScalarFieldSchema | ObjectFieldSchema;

/** Field name -> schema. Every field is always present in the payload (absent data is `null`). */
export type PayloadSchema = Readonly<Record<string, FieldSchema>>;

type ScalarValue<F extends ScalarFieldSchema> = F['type'] extends 'integer'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F extends { readonly enum: readonly (infer E extends string)[] }
      ? E
      : string;

type BaseValue<F extends FieldSchema> = F extends ObjectFieldSchema
  ? { -readonly [K in keyof F['properties']]: FieldValue<F['properties'][K]> }
  : F extends ScalarFieldSchema
    ? ScalarValue<F>
    : never;

/** The TypeScript value of one field. */
export type FieldValue<F extends FieldSchema> = BaseValue<F> | (F extends { readonly nullable: true } ? null : never);

/** The payload type a schema describes: exactly its fields, each of its type. */
export type PayloadOf<S extends PayloadSchema> = { -readonly [K in keyof S]: FieldValue<S[K]> };
