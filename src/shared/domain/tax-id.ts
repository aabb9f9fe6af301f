/**
 * CPF (11 digits) and CNPJ (14 digits) with their check digits, as the Receita Federal defines them.
 * The one home of the check-digit rule: validation, the sandbox's derived documents and the test
 * fixtures all complete or check documents here.
 */

const CPF = /^\d{11}$/;
const CNPJ = /^\d{14}$/;
const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Mod-11 check digit over the last `digits.length` weights: remainder < 2 gives 0, else 11 - remainder. */
function checkDigit(digits: string, weights: readonly number[]): string {
  const offset = weights.length - digits.length;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[offset + i] ?? 0);
  const remainder = sum % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

function withCheckDigits(base: string, weights: readonly number[]): string {
  const first = base + checkDigit(base, weights);
  return first + checkDigit(first, weights);
}

function allSame(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** The CPF whose first nine digits are `base` (9 digits): appends both check digits. */
export function cpfWithCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new RangeError('a CPF base is 9 digits');
  return withCheckDigits(base, CPF_WEIGHTS);
}

/** The CNPJ whose first twelve digits are `base` (12 digits): appends both check digits. */
export function cnpjWithCheckDigits(base: string): string {
  if (!/^\d{12}$/.test(base)) throw new RangeError('a CNPJ base is 12 digits');
  return withCheckDigits(base, CNPJ_WEIGHTS);
}

/** 11 digits with both check digits right; "111.111.111-11" style repetitions are refused. */
export function isValidCpf(value: string): boolean {
  return CPF.test(value) && !allSame(value) && cpfWithCheckDigits(value.slice(0, 9)) === value;
}

/**
 * 14 digits with both check digits right. The alphanumeric CNPJ the Receita Federal introduces in
 * 2026 is outside docs/conventions.md §10's `^\d{14}$` and therefore refused here too.
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

/** CPF as `***.456.789-**`, CNPJ as `**.345.678/0001-**` (docs/conventions.md §10). */
export function maskDocument(document: string): string {
  if (document.length === 11) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (document.length === 14) {
    return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-**`;
  }
  return '***';
}
