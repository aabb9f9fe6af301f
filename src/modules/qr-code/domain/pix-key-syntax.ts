/** The five DICT key types, upper case as the DICT API names them. */
export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export const PIX_KEY_TYPES: readonly PixKeyType[] = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'];

const CPF = /^\d{11}$/;
const CNPJ = /^\d{14}$/;
const PHONE = /^\+[1-9]\d{1,14}$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL_MAX_LENGTH = 77;
// Lower case only (DICT stores e-mail keys lower-cased); a dotted domain whose last label is letters.
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,63}$/;

/** Mod-11 check digit as CPF and CNPJ use it: remainder < 2 gives 0, else 11 - remainder. */
function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** 11 digits with both check digits right; "111.111.111-11" style repetitions are refused. */
export function isValidCpf(value: string): boolean {
  if (!CPF.test(value) || allSameDigit(value)) return false;
  const first = checkDigit(value, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[9]) && second === Number(value[10]);
}

/**
 * 14 digits with both check digits right. The alphanumeric CNPJ the Receita Federal introduces in
 * 2026 is outside docs/conventions.md §10's `^\d{14}$` and therefore refused here too.
 */
export function isValidCnpj(value: string): boolean {
  if (!CNPJ.test(value) || allSameDigit(value)) return false;
  const first = checkDigit(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[12]) && second === Number(value[13]);
}

export function isValidEmailKey(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || value.indexOf('@') !== at) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !EMAIL_LOCAL.test(local) || labels.length < 2) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TLD.test(labels[labels.length - 1]!);
}

export function isValidPhoneKey(value: string): boolean {
  return PHONE.test(value);
}

export function isValidEvp(value: string): boolean {
  return EVP.test(value);
}

/** Whether `value` is a well-formed key of `type` (syntax only: says nothing about who holds it). */
export function isValidPixKey(type: PixKeyType, value: string): boolean {
  switch (type) {
    case 'CPF':
      return isValidCpf(value);
    case 'CNPJ':
      return isValidCnpj(value);
    case 'EMAIL':
      return isValidEmailKey(value);
    case 'PHONE':
      return isValidPhoneKey(value);
    case 'EVP':
      return isValidEvp(value);
    default:
      return false;
  }
}

/**
 * The type a key value has, or null when it fits none. The patterns do not overlap (a phone starts
 * with "+", digits-only values are CPF/CNPJ by length), so the answer is unambiguous.
 */
export function detectPixKeyType(value: unknown): PixKeyType | null {
  if (typeof value !== 'string') return null;
  return PIX_KEY_TYPES.find((type) => isValidPixKey(type, value)) ?? null;
}
