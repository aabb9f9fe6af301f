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

export interface FieldSchema {
  readonly type: 'string' | 'integer' | 'boolean';
  readonly format?: StringFormat;
  /** The only values the field takes (strings only). */
  readonly enum?: readonly string[];
  /** `null` is a value of the field; the field itself is always present. */
  readonly nullable?: boolean;
  /** One line, Markdown. */
  readonly description: string;
}

/** Field name -> schema. Every field is always present in the payload (absent data is `null`). */
export type PayloadSchema = Readonly<Record<string, FieldSchema>>;

type BaseValue<F extends FieldSchema> = F['type'] extends 'integer'
  ? number
  : F['type'] extends 'boolean'
    ? boolean
    : F extends { readonly enum: readonly (infer E extends string)[] }
      ? E
      : string;

/** The TypeScript value of one field. */
export type FieldValue<F extends FieldSchema> = BaseValue<F> | (F extends { readonly nullable: true } ? null : never);

/** The payload type a schema describes: exactly its fields, each of its type. */
export type PayloadOf<S extends PayloadSchema> = { -readonly [K in keyof S]: FieldValue<S[K]> };
