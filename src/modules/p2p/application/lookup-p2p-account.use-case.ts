import { Injectable } from '@nestjs/common';
import { isValidPixKey, type PixKeyType } from '../../../shared/domain/pix-key.js';
import { maskDocument, type PersonType } from '../../../shared/domain/tax-id.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { KeyDirectory } from '../../keys/application/key-directory.js';
import { LookupThrottle } from '../../keys/application/lookup-throttle.service.js';

export const P2P_SEARCH_TYPES = ['email', 'phone', 'cpf', 'cnpj', 'evp', 'account_number'] as const;
export type P2pSearchType = (typeof P2P_SEARCH_TYPES)[number];

const KEY_TYPE_OF: Record<Exclude<P2pSearchType, 'account_number'>, PixKeyType> = {
  email: 'EMAIL',
  phone: 'PHONE',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  evp: 'EVP',
};
const ACCOUNT_NUMBER = /^\d{1,20}$/;
const PERSON_TYPE: Record<PersonType, string> = { NATURAL_PERSON: 'individual', LEGAL_PERSON: 'company' };

/** The spec's P2P account record. */
export interface P2pAccount {
  accountId: string;
  clientId: string;
  name: string;
  maskedDocument: string;
  personType: string;
  branchNumber: string;
  accountNumber: string;
  accountType: string;
  pixKeyType: string | null;
  pixKeyValue: string | null;
}

/**
 * Finds a client of this service by one of its Pix keys or by account number, for a P2P transfer. Only
 * accounts held here answer (an external key is no match); the document is masked. Every search spends
 * the caller's anti-scan budget, shared with key look-ups (a miss costs more), so it cannot enumerate users.
 */
@Injectable()
export class LookupP2pAccountUseCase {
  constructor(
    private readonly keys: KeyDirectory,
    private readonly accounts: AccountDirectory,
    private readonly throttle: LookupThrottle,
  ) {}

  async execute(clientId: string, searchType: P2pSearchType, searchValue: string): Promise<P2pAccount[]> {
    if (searchType === 'account_number') {
      if (!ACCOUNT_NUMBER.test(searchValue)) throw this.invalid('an account number (1 to 20 digits)');
      const found = await this.throttle.metered(clientId, () => this.accounts.byNumber(searchValue));
      if (!found) return [];
      const { account, holder } = found;
      return [this.record(account.id, holder, account, null)];
    }
    const keyType = KEY_TYPE_OF[searchType];
    if (!isValidPixKey(keyType, searchValue)) throw this.invalid(`a valid ${searchType} key`);
    const entry = await this.throttle.metered(clientId, async () => {
      const e = await this.keys.resolve(searchValue, keyType);
      return e?.internal ? e : null;
    });
    if (!entry?.internal) return [];
    const found = await this.accounts.byId(entry.internal.accountId);
    if (!found) return [];
    return [this.record(found.account.id, found.holder, found.account, { type: entry.keyType, value: entry.keyValue })];
  }

  private record(
    accountId: string,
    holder: { id: string; name: string; document: string; personType: PersonType },
    account: { branch: string; number: string; type: string },
    key: { type: string; value: string } | null,
  ): P2pAccount {
    return {
      accountId,
      clientId: holder.id,
      name: holder.name,
      maskedDocument: maskDocument(holder.document),
      personType: PERSON_TYPE[holder.personType],
      branchNumber: account.branch,
      accountNumber: account.number,
      accountType: account.type,
      pixKeyType: key?.type ?? null,
      pixKeyValue: key?.value ?? null,
    };
  }

  private invalid(what: string): DomainError {
    return new DomainError('VALIDATION_ERROR', `search_value must be ${what}`, [{ field: 'search_value', issue: `not ${what}` }]);
  }
}
