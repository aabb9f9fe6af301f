import { isValidCnpj, isValidCpf } from './tax-id.js';

/** The five DICT key types, upper case as the DICT API names them. */
export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export const PIX_KEY_TYPES: readonly PixKeyType[] = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'];

const PHONE = /^\+[1-9]\d{1,14}$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL_MAX_LENGTH = 77;
// Lower case only (DICT stores e-mail keys lower-cased); a dotted domain whose last label is letters.
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,63}$/;

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
