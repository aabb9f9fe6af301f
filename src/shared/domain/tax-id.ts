/**
 * CPF (11 digits) and CNPJ (14 characters) with their check digits, as the Receita Federal defines them.
 * The one home of the check-digit rule: validation, the sandbox's derived documents and the test
 * fixtures all complete or check documents here.
 *
 * A CNPJ is twelve characters of digits and upper-case letters, then two numeric check digits: the
 * alphanumeric CNPJ of Instrução Normativa RFB nº 2.229/2024, issued from July 2026, of which the numeric
 * CNPJ is the special case. Each character counts as its ASCII code minus 48 (a digit its value, `A` 17,
 * `Z` 42) in the same mod-11 sums as before, so every numeric CNPJ keeps its check digits. Lower-case
 * letters are refused, never upper-cased (docs/adr/0219-the-alphanumeric-cnpj.md).
 */

const CPF = /^\d{11}$/;
const CNPJ = /^[0-9A-Z]{12}\d{2}$/;
const CNPJ_BASE = /^[0-9A-Z]{12}$/;

/** A CPF or a CNPJ (numeric or alphanumeric) by shape alone, check digits unchecked: what request validators match first. */
export const DOCUMENT_SHAPE = /^(\d{11}|[0-9A-Z]{12}\d{2})$/;
/** A CNPJ by shape alone: twelve digits or upper-case letters, then two digits. */
export const CNPJ_SHAPE = CNPJ;
const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/**
 * Mod-11 check digit over the last `chars.length` weights, each character valued at its ASCII code minus
 * 48 (a digit its own value, `A`..`Z` 17..42): remainder < 2 gives 0, else 11 - remainder.
 */
function checkDigit(chars: string, weights: readonly number[]): string {
  const offset = weights.length - chars.length;
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[offset + i] ?? 0);
  const remainder = sum % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

function withCheckDigits(base: string, weights: readonly number[]): string {
  const first = base + checkDigit(base, weights);
  return first + checkDigit(first, weights);
}

function allSame(chars: string): boolean {
  return /^(.)\1*$/.test(chars);
}

/** The CPF whose first nine digits are `base` (9 digits): appends both check digits. */
export function cpfWithCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new RangeError('a CPF base is 9 digits');
  return withCheckDigits(base, CPF_WEIGHTS);
}

/** The CNPJ whose first twelve characters are `base` (12 digits or upper-case letters): appends both check digits. */
export function cnpjWithCheckDigits(base: string): string {
  if (!CNPJ_BASE.test(base)) throw new RangeError('a CNPJ base is 12 digits or upper-case letters');
  return withCheckDigits(base, CNPJ_WEIGHTS);
}

/** 11 digits with both check digits right; "111.111.111-11" style repetitions are refused. */
export function isValidCpf(value: string): boolean {
  return CPF.test(value) && !allSame(value) && cpfWithCheckDigits(value.slice(0, 9)) === value;
}

/**
 * 12 digits or upper-case letters and 2 check digits, both right: the numeric CNPJ and the alphanumeric one
 * (IN RFB nº 2.229/2024), the latter beyond docs/conventions.md §10's `^\d{14}$` on purpose
 * (docs/adr/0219-the-alphanumeric-cnpj.md). "00.000.000/0000-00" style repetitions are refused.
 */
export function isValidCnpj(value: string): boolean {
  return CNPJ.test(value) && !allSame(value) && cnpjWithCheckDigits(value.slice(0, 12)) === value;
}

export type PersonType = 'NATURAL_PERSON' | 'LEGAL_PERSON';

/** The person type a valid document implies, or null for an invalid document. */
export function personTypeOf(document: string): PersonType | null {
  if (isValidCpf(document)) return 'NATURAL_PERSON';
  if (isValidCnpj(document)) return 'LEGAL_PERSON';
  return null;
}

/**
 * CPF as `***.456.789-**`, CNPJ as `**.345.678/0001-**` (docs/conventions.md §10); an alphanumeric CNPJ
 * keeps the same positions: `**.ABC.345/01DE-**`.
 */
export function maskDocument(document: string): string {
  if (document.length === 11) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (document.length === 14) {
    return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-**`;
  }
  return '***';
}

/**
 * A document as shown to someone who did not supply it, whether it was stored in full (a payer from another
 * institution, kept whole for a return) or already masked (an on-us payer): masking a masked document
 * again would scramble it, so one is left as it is.
 */
export function maskedDocument(document: string): string {
  return document.includes('*') ? document : maskDocument(document);
}
