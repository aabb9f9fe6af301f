import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import type { StoredBalance } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

/** The caller's balance on one of its accounts (the default one when none is named). */
@Injectable()
export class GetBalanceUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly ledger: LedgerService,
  ) {}

  async execute(clientId: string, accountId?: string): Promise<StoredBalance> {
    const { account } = await this.accounts.ownAccount(clientId, accountId);
    const balance = await this.ledger.balanceOf(account.id);
    if (!balance) throw new NotFoundError('Account', 'ACCOUNT_NOT_FOUND');
    return balance;
  }
}
