import { DomainError } from '../../../shared/errors/domain-error.js';

export class InvalidDocumentError extends DomainError {
  constructor() {
    super(
      'INVALID_DOCUMENT',
      'document must be a CPF (11 digits) or a CNPJ (14 characters: 12 digits or upper-case letters, then 2 digits) with valid check digits',
      [{ field: 'document', issue: 'invalid CPF/CNPJ' }],
    );
  }
}

export class InvalidScopeError extends DomainError {
  constructor(scopes: string[]) {
    super('INVALID_SCOPE', `Scope not held by this key: ${scopes.join(', ')}`, [
      { field: 'scopes', issue: `not held: ${scopes.join(', ')}` },
    ]);
  }
}

/** A MEI (microempreendedor individual) has a CNPJ: `--mei` is refused for a CPF. */
export class MeiRequiresCnpjError extends DomainError {
  constructor() {
    super('MEI_REQUIRES_CNPJ', 'only a CNPJ client can be a MEI (microempreendedor individual); this document is a CPF', [
      { field: 'mei', issue: 'a MEI is a legal person with a CNPJ' },
    ]);
  }
}
