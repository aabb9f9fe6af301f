import { personTypeOf, type PersonType } from '../../../shared/domain/tax-id.js';
import { InvalidDocumentError, MeiRequiresCnpjError } from './identity.errors.js';

/**
 * An account holder of the service: a natural or legal person identified by CPF/CNPJ. `mei`: the legal
 * person is an individual micro-entrepreneur (microempreendedor individual, a CNPJ of its own), whom the
 * Regulamento Pix gives a natural person's nighttime cap (docs/adr/0220-nighttime-start-and-mei.md).
 */
export class Client {
  private constructor(
    readonly id: string,
    readonly name: string,
    readonly document: string,
    readonly personType: PersonType,
    readonly createdAt: Date,
    readonly mei: boolean = false,
  ) {}

  static register(id: string, name: string, document: string, now: Date, mei = false): Client {
    const digits = document.replace(/[.\-/\s]/g, '');
    const personType = personTypeOf(digits);
    if (!personType) throw new InvalidDocumentError();
    if (mei && personType !== 'LEGAL_PERSON') throw new MeiRequiresCnpjError();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 140) throw new Error('name must have 1 to 140 characters');
    return new Client(id, trimmed, digits, personType, now, mei);
  }

  static restore(id: string, name: string, document: string, personType: PersonType, createdAt: Date, mei = false): Client {
    return new Client(id, name, document, personType, createdAt, mei);
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
