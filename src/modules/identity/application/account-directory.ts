import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import type { Account, Client } from '../domain/client.aggregate.js';
import { IdentityRepository } from './identity.repository.js';

export interface AccountWithHolder {
  account: Account;
  holder: Client;
}

/**
 * What other modules may ask of identity: a client's own account (tenancy enforced: another
 * client's account is "not found"), and accounts by id or number for settlement and P2P.
 */
@Injectable()
export class AccountDirectory {
  constructor(private readonly repo: IdentityRepository) {}

  /** The caller's account `accountId`, or its default account when omitted. */
  async ownAccount(clientId: string, accountId?: string): Promise<AccountWithHolder> {
    const account = accountId ? await this.repo.findAccount(accountId) : await this.repo.findDefaultAccount(clientId);
    if (!account || account.clientId !== clientId) throw new NotFoundError('Account', 'ACCOUNT_NOT_FOUND');
    return { account, holder: await this.holderOf(account) };
  }

  async byId(accountId: string): Promise<AccountWithHolder | null> {
    const account = await this.repo.findAccount(accountId);
    return account ? { account, holder: await this.holderOf(account) } : null;
  }

  async byNumber(number: string): Promise<AccountWithHolder | null> {
    const account = await this.repo.findAccountByNumber(number);
    return account ? { account, holder: await this.holderOf(account) } : null;
  }

  async client(clientId: string): Promise<Client | null> {
    return this.repo.findClient(clientId);
  }

  private async holderOf(account: Account): Promise<Client> {
    const holder = await this.repo.findClient(account.clientId);
    if (!holder) throw new Error(`account ${account.id} has no holder`);
    return holder;
  }
}
