import { Money } from '../../money/money.js';
import { InvalidBrCodeError } from './br-code.errors.js';
import { crc16CcittFalse } from './crc16.js';
import { encodeTlv, findField, parseTemplate, parseTlv, type TlvField } from './emv-tlv.js';
import { detectPixKeyType } from '../pix-key.js';

/** The Pix arrangement's GUI in the merchant account information template (field 26/00). */
export const PIX_GUI = 'br.gov.bcb.pix';
/** EMV QRCPS caps a payload at 512 characters; also bounds the work a hostile input can cause. */
export const MAX_BR_CODE_LENGTH = 512;
export const MAX_MERCHANT_NAME_LENGTH = 25;
export const MAX_MERCHANT_CITY_LENGTH = 15;
export const MAX_POSTAL_CODE_LENGTH = 10;

// EMV field 54 holds at most 13 characters, hence 10 integer digits here (not the API's 13).
const BR_CODE_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/*
 * Field 62-05 (txid).
 * A static code's is the payment's: it travels into the payment and on to the receiver's statement, events and
 * reconciliation, so it is read as the scheme defines it, `***` or 1-25 letters and digits (Manual de Padrões
 * para Iniciação do Pix), and anything else is refused, the hyphen of the manual's own example `RP12345678-2019`
 * and a spreadsheet formula alike (docs/adr/0240-a-static-txid-is-read-as-the-scheme-writes-it.md).
 * A dynamic code's is informative only (the txid that counts is in the fetched payload, and when 62-05 names a
 * charge txid it must be the payload's), so it is read leniently (docs/adr/0151-read-what-banks-write.md): EMV
 * QRCPS's Reference Label, "ans" (printable ASCII, space included) of at most 25 characters, as PSPs put 4 to 25
 * character references there, or a charge's txid of 26 to 35 letters and digits as the Pix API defines it,
 * which some PSPs copy there.
 * Writing: static codes carry `***` or 1-25 letters and digits; dynamic codes carry `***` only, as the
 * BR Code manual requires: their txid travels in the payload (docs/adr/0210-dynamic-codes-write-no-txid.md).
 */
const READ_TXID = /^[\x20-\x7E]{1,25}$/;
const STATIC_TXID = /^[A-Za-z0-9]{1,25}$/;
/** A charge's txid as the Pix API defines it: read in a dynamic code's 62-05, never written there. */
const CHARGE_TXID = /^[A-Za-z0-9]{26,35}$/;
const ANY_TXID = '***';
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** Whether `value` is a txid a static code carries into its payment: 1 to 25 letters and digits (`***` is none). */
export function isStaticTxid(value: unknown): value is string {
  return typeof value === 'string' && STATIC_TXID.test(value);
}

/** What a Pix BR Code says. Static: the payee's key; dynamic: where to fetch the charge. */
export interface BrCode {
  type: 'static' | 'dynamic';
  pixKey?: string;
  /** As in field 26/25: host and path, no scheme. */
  url?: string;
  additionalInfo?: string;
  /** Two decimals ("10.5" in the payload -> "10.50"). */
  amount?: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  merchantCategoryCode: string;
  txid: string;
  pointOfInitiation?: 'static' | 'dynamic';
}

interface BrCodeInputCommon {
  amount?: string;
  merchantName: string;
  merchantCity: string;
  additionalInfo?: string;
  postalCode?: string;
  merchantCategoryCode?: string;
}
/** A static code's txid is the payment's (`***` or 1-25 letters and digits); a dynamic code always writes `***`. */
export type BrCodeInput =
  | (BrCodeInputCommon & { type: 'static'; pixKey: string; txid: string })
  | (BrCodeInputCommon & { type: 'dynamic'; url: string; txid?: typeof ANY_TXID });

/** Decodes and validates a Pix BR Code; any violation throws InvalidBrCodeError naming the field. */
export function parseBrCode(payload: string): BrCode {
  if (typeof payload !== 'string') throw new InvalidBrCodeError('payload', 'must be a string');
  const text = payload.trim();
  if (text.length === 0) throw new InvalidBrCodeError('payload', 'is empty');
  const length = Array.from(text).length;
  if (length > MAX_BR_CODE_LENGTH) {
    throw new InvalidBrCodeError('payload', `is ${length} characters long; the maximum is ${MAX_BR_CODE_LENGTH}`);
  }
  const fields = parseTlv(text);
  checkEnvelope(text, fields);

  const account = readPixAccount(fields);
  const type = account.pixKey !== undefined ? 'static' : 'dynamic';
  const initiation = optional(fields, '01', readPointOfInitiation);
  const amount = optional(fields, '54', readAmount);
  const postalCode = optional(fields, '61', (field) => readText(field, MAX_POSTAL_CODE_LENGTH));
  expectValue(required(fields, '53'), '986', 'must be "986" (BRL)');
  expectValue(required(fields, '58'), 'BR', 'must be "BR"');
  return {
    type,
    ...account,
    ...(amount !== undefined && { amount }),
    merchantName: readText(required(fields, '59'), MAX_MERCHANT_NAME_LENGTH),
    merchantCity: readText(required(fields, '60'), MAX_MERCHANT_CITY_LENGTH),
    ...(postalCode !== undefined && { postalCode }),
    merchantCategoryCode: readMerchantCategoryCode(required(fields, '52')),
    txid: readTxid(required(fields, '62'), type),
    ...(initiation !== undefined && { pointOfInitiation: initiation }),
  };
}

/**
 * Builds a payload with its CRC. Merchant name and city are transliterated to ASCII (accents dropped,
 * whitespace collapsed) and the name is cut to 25 characters, since a client's legal name must not make
 * a charge impossible; every other field that cannot be encoded as given (a city over 15 characters
 * included) is refused. The result is re-parsed, so the encoder never emits what the parser refuses.
 */
export function encodeBrCode(input: BrCodeInput): string {
  const name = toAscii(input.merchantName, '59').slice(0, MAX_MERCHANT_NAME_LENGTH).trimEnd();
  const city = toAscii(input.merchantCity, '60');
  const accountFields = [encodeTlv('00', PIX_GUI, '26.00')];
  if (input.type === 'static') accountFields.push(encodeTlv('01', ascii(input.pixKey, '26.01'), '26.01'));
  else if (input.type === 'dynamic') accountFields.push(encodeTlv('25', ascii(input.url, '26.25'), '26.25'));
  else throw new InvalidBrCodeError('26', 'needs a type of "static" or "dynamic"');
  if (input.additionalInfo !== undefined) {
    accountFields.push(encodeTlv('02', ascii(input.additionalInfo, '26.02'), '26.02'));
  }
  const parts = [
    encodeTlv('00', '01'),
    encodeTlv('01', input.type === 'static' ? '11' : '12'),
    encodeTlv('26', accountFields.join('')),
    encodeTlv('52', ascii(input.merchantCategoryCode ?? '0000', '52')),
    encodeTlv('53', '986'),
  ];
  if (input.amount !== undefined) parts.push(encodeTlv('54', normaliseAmount(input.amount)));
  parts.push(encodeTlv('58', 'BR'), encodeTlv('59', name), encodeTlv('60', city));
  if (input.postalCode !== undefined) parts.push(encodeTlv('61', ascii(input.postalCode, '61')));
  parts.push(encodeTlv('62', encodeTlv('05', writableTxid(input), '62.05')), '6304');
  const body = parts.join('');
  const payload = body + crc16CcittFalse(body);
  parseBrCode(payload);
  return payload;
}

function checkEnvelope(text: string, fields: readonly TlvField[]): void {
  const first = fields[0]!;
  if (first.id !== '00') throw new InvalidBrCodeError('00', 'must be the first field');
  expectValue(first, '01', 'must be "01"');
  const last = fields[fields.length - 1]!;
  if (last.id !== '63') throw new InvalidBrCodeError('63', 'must be present as the last field');
  if (last.length !== 4) throw new InvalidBrCodeError('63', 'must have length 04');
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value)) throw new InvalidBrCodeError('63', 'must be 4 hexadecimal digits');
  const expected = crc16CcittFalse(text.slice(0, -4));
  if (last.value.toUpperCase() !== expected) {
    throw new InvalidBrCodeError('63', `does not match the payload (found ${last.value}, computed ${expected})`);
  }
}

/** Finds the one 26-51 template whose GUI is Pix's; other arrangements' templates may sit beside it. */
function readPixAccount(fields: readonly TlvField[]): Pick<BrCode, 'pixKey' | 'url' | 'additionalInfo'> {
  let pix: { field: TlvField; sub: TlvField[] } | undefined;
  for (const field of fields) {
    const n = Number(field.id);
    if (n < 26 || n > 51) continue;
    const sub = parseTemplate(field);
    const gui = findField(sub, '00');
    if (gui === undefined) throw new InvalidBrCodeError(`${field.id}.00`, 'is missing');
    if (gui.value.toLowerCase() !== PIX_GUI) continue;
    if (pix) throw new InvalidBrCodeError(field.path, `repeats the ${PIX_GUI} template of field ${pix.field.id}`);
    pix = { field, sub };
  }
  if (!pix) throw new InvalidBrCodeError('26', `is missing (no template with GUI "${PIX_GUI}")`);
  const { field, sub } = pix;
  const key = findField(sub, '01');
  const url = findField(sub, '25');
  if ((key === undefined) === (url === undefined)) {
    throw new InvalidBrCodeError(field.path, 'must hold exactly one of 01 (Pix key) and 25 (URL)');
  }
  const info = findField(sub, '02');
  const extra = info === undefined ? {} : { additionalInfo: info.value };
  if (key !== undefined) {
    if (detectPixKeyType(key.value) === null) {
      throw new InvalidBrCodeError(key.path, 'is not a valid CPF, CNPJ, e-mail, phone or EVP key');
    }
    return { pixKey: key.value, ...extra };
  }
  if (URL_SCHEME.test(url!.value)) throw new InvalidBrCodeError(url!.path, 'must not include a scheme');
  if (/\s/.test(url!.value)) throw new InvalidBrCodeError(url!.path, 'must not contain whitespace');
  return { url: url!.value, ...extra };
}

/** A static code's 62-05 as the scheme allows it; a dynamic code's leniently (see READ_TXID); "***" means no txid. */
function readTxid(template: TlvField, type: BrCode['type']): string {
  const txid = findField(parseTemplate(template), '05');
  if (txid === undefined) throw new InvalidBrCodeError('62.05', 'is missing');
  if (type === 'static') {
    if (txid.value === ANY_TXID || STATIC_TXID.test(txid.value)) return txid.value;
    throw new InvalidBrCodeError(txid.path, `must be "***" or 1 to 25 letters and digits in a static QR (is ${txid.length} characters)`);
  }
  if (READ_TXID.test(txid.value) || CHARGE_TXID.test(txid.value)) return txid.value;
  if (!PRINTABLE_ASCII.test(txid.value)) throw new InvalidBrCodeError(txid.path, 'must be printable ASCII');
  throw new InvalidBrCodeError(
    txid.path,
    `must be "***" or 1 to 25 characters, or 26 to 35 letters and digits in a dynamic QR (is ${txid.length})`,
  );
}

/** Strict: the txids this service issues (see READ_TXID); a dynamic code's is always `***`. */
function writableTxid(input: BrCodeInput): string {
  const txid: unknown = input.txid;
  if (input.type === 'dynamic') {
    if (txid === undefined || txid === ANY_TXID) return ANY_TXID;
    throw new InvalidBrCodeError('62.05', 'must be "***" in a dynamic QR (the txid travels in the payload)');
  }
  if (txid === ANY_TXID || (typeof txid === 'string' && STATIC_TXID.test(txid))) return txid;
  throw new InvalidBrCodeError('62.05', 'must be "***" or 1 to 25 letters and digits to be written in a static QR');
}

function readAmount(field: TlvField): string {
  if (!BR_CODE_AMOUNT.test(field.value)) {
    throw new InvalidBrCodeError(field.path, 'must be a decimal with up to 10 digits and up to 2 decimals (e.g. "10.50")');
  }
  const amount = Money.of(field.value);
  if (!amount.isPositive()) throw new InvalidBrCodeError(field.path, 'must be greater than zero');
  return amount.toFixed2();
}

function readPointOfInitiation(field: TlvField): 'static' | 'dynamic' {
  if (field.value === '11') return 'static';
  if (field.value === '12') return 'dynamic';
  throw new InvalidBrCodeError(field.path, 'must be "11" (static) or "12" (dynamic)');
}

function readMerchantCategoryCode(field: TlvField): string {
  if (!/^\d{4}$/.test(field.value)) throw new InvalidBrCodeError(field.path, 'must be 4 digits');
  return field.value;
}

function readText(field: TlvField, max: number): string {
  if (field.length > max) throw new InvalidBrCodeError(field.path, `must be 1 to ${max} characters (is ${field.length})`);
  return field.value;
}

function expectValue(field: TlvField, expected: string, issue: string): void {
  if (field.value !== expected) throw new InvalidBrCodeError(field.path, issue);
}

function required(fields: readonly TlvField[], id: string): TlvField {
  const field = findField(fields, id);
  if (field === undefined) throw new InvalidBrCodeError(id, 'is missing');
  return field;
}

function optional<T>(fields: readonly TlvField[], id: string, read: (field: TlvField) => T): T | undefined {
  const field = findField(fields, id);
  return field === undefined ? undefined : read(field);
}

function normaliseAmount(amount: string): string {
  if (typeof amount !== 'string' || !BR_CODE_AMOUNT.test(amount)) {
    throw new InvalidBrCodeError('54', 'must be a decimal with up to 10 digits and up to 2 decimals (e.g. "10.50")');
  }
  return Money.of(amount).toFixed2();
}

/** Payer apps disagree on counting non-ASCII lengths, so what we emit is plain printable ASCII. */
function ascii(value: string, path: string): string {
  if (typeof value !== 'string' || !PRINTABLE_ASCII.test(value)) {
    throw new InvalidBrCodeError(path, 'must be printable ASCII to be encoded');
  }
  return value;
}

function toAscii(value: string, path: string): string {
  if (typeof value !== 'string') throw new InvalidBrCodeError(path, 'must be a string');
  const plain = value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
  return ascii(plain, path);
}
