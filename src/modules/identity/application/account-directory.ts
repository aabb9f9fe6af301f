import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import type { Account, Client } from '../domain/client.aggregate.js';
import { IdentityRepository } from './identity.repository.js';

const OWN_ACCOUNT_CACHE_SIZE = 10_000;

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
  private readonly cache = new Map<string, AccountWithHolder>();

  constructor(private readonly repo: IdentityRepository) {}

  /**
   * The caller's account `accountId`, or its default account when omitted. Accounts and their holders
   * never change once opened (no endpoint edits or closes them), so a found pair is kept in a bounded
   * per-process cache: the hot paths (balance, payments) skip two reads. Misses are not cached.
   */
  async ownAccount(clientId: string, accountId?: string): Promise<AccountWithHolder> {
    const key = `${clientId}/${accountId ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const account = accountId ? await this.repo.findAccount(accountId) : await this.repo.findDefaultAccount(clientId);
    if (!account || account.clientId !== clientId) throw new NotFoundError('Account', 'ACCOUNT_NOT_FOUND');
    const found = { account, holder: await this.holderOf(account) };
    if (this.cache.size >= OWN_ACCOUNT_CACHE_SIZE) this.cache.clear();
    this.cache.set(key, found);
    return found;
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
