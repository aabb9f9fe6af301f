import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';

/** 400: `key_value` does not have the syntax of `key_type` (docs/conventions.md §10 patterns). */
export class InvalidPixKeyError extends DomainError {
  constructor(keyType: string, issue: string) {
    super('INVALID_PIX_KEY', `key_value is not a valid ${keyType} key: ${issue}`, [{ field: 'key_value', issue }]);
  }
}

/** 400: a CPF/CNPJ key must be the holder's own document. */
export class KeyOwnerMismatchError extends DomainError {
  constructor(keyType: string) {
    super('KEY_OWNER_MISMATCH', `A ${keyType} key must be the account holder's own ${keyType}`, [
      { field: 'key_value', issue: `is not the holder's ${keyType}` },
    ]);
  }
}

/** 400: the account already holds the most active keys its holder's person type allows. */
export class KeyLimitReachedError extends DomainError {
  constructor(limit: number) {
    super('KEY_LIMIT_REACHED', `This account already holds ${limit} active Pix keys, the most allowed`);
  }
}

/** 409: the key is active already (on any account of any client; whose is not revealed). */
export class KeyAlreadyExistsError extends DomainError {
  constructor() {
    super('KEY_ALREADY_EXISTS', 'This Pix key is already registered');
  }
}

/** 404: the directory has no such key, or (delete) the caller holds no such key. */
export class PixKeyNotRegisteredError extends NotFoundError {
  constructor() {
    super('Pix key', 'PIX_KEY_NOT_REGISTERED');
  }
}
