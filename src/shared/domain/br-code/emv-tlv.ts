import { InvalidBrCodeError } from './br-code.errors.js';

/** One EMV data object. `path` locates it ("62.05"); `length` and offsets count Unicode code points. */
export interface TlvField {
  readonly id: string;
  readonly length: number;
  readonly value: string;
  readonly path: string;
}

const TWO_DIGITS = /^\d{2}$/;
const MAX_LENGTH = 99;

/** Ids whose value is itself a TLV list: merchant account info, additional data, language, unreserved. */
export function isTemplateId(id: string): boolean {
  if (!TWO_DIGITS.test(id)) return false;
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || n >= 80;
}

/**
 * Splits `input` into its data objects, in order. Lengths are counted in code points (EMV counts
 * characters). A repeated id at the same level is refused: the payer and we could read different values.
 */
export function parseTlv(input: string, parentPath?: string): TlvField[] {
  const chars = Array.from(input);
  const where = parentPath ?? 'payload';
  const fields: TlvField[] = [];
  const seen = new Set<string>();
  let pos = 0;
  while (pos < chars.length) {
    const id = chars.slice(pos, pos + 2).join('');
    if (!TWO_DIGITS.test(id)) {
      throw new InvalidBrCodeError(where, `has no valid 2-digit field id at offset ${pos} (found ${JSON.stringify(id)})`);
    }
    const path = parentPath ? `${parentPath}.${id}` : id;
    const lengthText = chars.slice(pos + 2, pos + 4).join('');
    if (!TWO_DIGITS.test(lengthText)) {
      throw new InvalidBrCodeError(path, `has a length that is not 2 digits (found ${JSON.stringify(lengthText)})`);
    }
    const length = Number(lengthText);
    if (length === 0) throw new InvalidBrCodeError(path, 'has length 00; a value must have 1 to 99 characters');
    const end = pos + 4 + length;
    if (end > chars.length) {
      throw new InvalidBrCodeError(path, `has length ${lengthText} but only ${chars.length - pos - 4} characters follow`);
    }
    if (seen.has(id)) throw new InvalidBrCodeError(path, 'appears more than once');
    seen.add(id);
    fields.push({ id, length, value: chars.slice(pos + 4, end).join(''), path });
    pos = end;
  }
  return fields;
}

/** Parses a template's value on demand (templates are opaque until someone needs their contents). */
export function parseTemplate(field: TlvField): TlvField[] {
  if (!isTemplateId(field.id)) throw new InvalidBrCodeError(field.path, 'is not a template');
  return parseTlv(field.value, field.path);
}

export function findField(fields: readonly TlvField[], id: string): TlvField | undefined {
  return fields.find((field) => field.id === id);
}

/** id + 2-digit length + value; refuses what EMV cannot carry (empty or over 99 characters). */
export function encodeTlv(id: string, value: string, path: string = id): string {
  if (!TWO_DIGITS.test(id)) throw new InvalidBrCodeError(path, 'is not a 2-digit field id');
  const length = Array.from(value).length;
  if (length < 1 || length > MAX_LENGTH) {
    throw new InvalidBrCodeError(path, `must be 1 to ${MAX_LENGTH} characters long to be encoded (is ${length})`);
  }
  return `${id}${String(length).padStart(2, '0')}${value}`;
}
