import { personTypeOf, type PersonType } from '../../../shared/domain/tax-id.js';
import { InvalidDocumentError } from './identity.errors.js';

/** An account holder of the service: a natural or legal person identified by CPF/CNPJ. */
export class Client {
  private constructor(
    readonly id: string,
    readonly name: string,
    readonly document: string,
    readonly personType: PersonType,
    readonly createdAt: Date,
  ) {}

  static register(id: string, name: string, document: string, now: Date): Client {
    const digits = document.replace(/[.\-/\s]/g, '');
    const personType = personTypeOf(digits);
    if (!personType) throw new InvalidDocumentError();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 140) throw new Error('name must have 1 to 140 characters');
    return new Client(id, trimmed, digits, personType, now);
  }

  static restore(id: string, name: string, document: string, personType: PersonType, createdAt: Date): Client {
    return new Client(id, name, document, personType, createdAt);
  }
}

/** A payment account of a client at this institution (branch 0001, type payment). */
export interface Account {
  id: string;
  clientId: string;
  branch: string;
  number: string;
  type: 'payment';
  isDefault: boolean;
  createdAt: Date;
}
