import { Injectable } from '@nestjs/common';
import { AccountDirectory, type AccountWithHolder } from '../../identity/application/account-directory.js';
import { HeldKeyEntries } from './held-key-entries.service.js';
import { PixKeyRepository } from './pix-key.repository.js';
import type { PixKeyView } from './pix-key-view.js';

/** The caller's active keys on all of its accounts, oldest first. */
@Injectable()
export class ListPixKeysUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly keys: PixKeyRepository,
    private readonly entries: HeldKeyEntries,
  ) {}

  async execute(clientId: string): Promise<PixKeyView[]> {
    const keys = await this.keys.listActiveByClient(clientId);
    const owners = new Map<string, AccountWithHolder>();
    const views: PixKeyView[] = [];
    for (const key of keys) {
      const accountId = key.snapshot.accountId;
      const owner = owners.get(accountId) ?? (await this.accounts.ownAccount(clientId, accountId));
      owners.set(accountId, owner);
      views.push({ entry: this.entries.entryOf(key, owner), held: key });
    }
    return views;
  }
}
