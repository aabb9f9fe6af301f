import { DomainError } from '../../../shared/errors/domain-error.js';
import { isValidEmailKey, isValidEvp, type PixKeyType } from '../../../shared/domain/pix-key.js';
import { CNPJ_SHAPE, isValidCnpj, isValidCpf, type PersonType } from '../../../shared/domain/tax-id.js';
import { InvalidPixKeyError, KeyLimitReachedError, KeyOwnerMismatchError } from './pix-key.errors.js';

/** Active keys per account (DICT rule): 5 for a natural person, 20 for a legal person. */
export const KEY_LIMITS: Readonly<Record<PersonType, number>> = { NATURAL_PERSON: 5, LEGAL_PERSON: 20 };

/** Keys registered here are Brazilian mobile/landline numbers: +55, a two-digit area code (no zeros), 8-9 digits. */
const REGISTRABLE_PHONE = /^\+55[1-9]{2}\d{8,9}$/;
const EMAIL_MAX_LENGTH = 77;

export interface KeyHolder {
  document: string;
  personType: PersonType;
}

function documentIssue(keyType: 'CPF' | 'CNPJ', value: string): string | null {
  if (keyType === 'CPF' && !/^\d{11}$/.test(value)) return 'must be 11 digits, without punctuation';
  // The alphanumeric CNPJ (IN RFB nº 2.229/2024) too, beyond DICT's `^\d{14}$` on purpose: docs/adr/0219-the-alphanumeric-cnpj.md.
  if (keyType === 'CNPJ' && !CNPJ_SHAPE.test(value)) {
    return 'must be 14 characters without punctuation: 12 digits or upper-case letters, then 2 digits';
  }
  const valid = keyType === 'CPF' ? isValidCpf(value) : isValidCnpj(value);
  return valid ? null : `has invalid ${keyType} check digits`;
}

function emailIssue(value: string): string | null {
  if (value.length > EMAIL_MAX_LENGTH) return `must have at most ${EMAIL_MAX_LENGTH} characters`;
  if (value !== value.toLowerCase()) return 'must be lower case';
  return isValidEmailKey(value) ? null : 'is not a valid e-mail address';
}

/**
 * The value a registration stores: checks `requested` against `keyType` and the holder
 * (docs/conventions.md §10), or generates it (EVP: random, never chosen by the client).
 */
export function registrableKeyValue(keyType: PixKeyType, requested: string | undefined, holder: KeyHolder, newEvp: () => string): string {
  if (keyType === 'EVP') {
    if (requested !== undefined) {
      throw new DomainError('VALIDATION_ERROR', 'key_value must be omitted for EVP keys: the service generates them', [
        { field: 'key_value', issue: 'must be omitted for EVP keys' },
      ]);
    }
    const evp = newEvp();
    if (!isValidEvp(evp)) throw new Error('generated EVP is not a lower-case UUID');
    return evp;
  }
  if (requested === undefined || requested === '') {
    throw new DomainError('VALIDATION_ERROR', `key_value is required for ${keyType} keys`, [{ field: 'key_value', issue: 'is required' }]);
  }
  let issue: string | null;
  if (keyType === 'CPF' || keyType === 'CNPJ') issue = documentIssue(keyType, requested);
  else if (keyType === 'EMAIL') issue = emailIssue(requested);
  else issue = REGISTRABLE_PHONE.test(requested) ? null : 'must be +55, the area code and the number (E.164, e.g. +5511987654321)';
  if (issue) throw new InvalidPixKeyError(keyType, issue);
  if ((keyType === 'CPF' || keyType === 'CNPJ') && requested !== holder.document) throw new KeyOwnerMismatchError(keyType);
  return requested;
}

/** Refuses one more key on an account that already holds `activeKeys`. */
export function assertBelowKeyLimit(personType: PersonType, activeKeys: number): void {
  const limit = KEY_LIMITS[personType];
  if (activeKeys >= limit) throw new KeyLimitReachedError(limit);
}
