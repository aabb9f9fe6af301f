import type { AppConfig } from '../../../config/app.config.js';

import type { AccountDirectory, AccountWithHolder } from '../../identity/application/account-directory.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import type { Participant } from '../../participants/application/participant-directory.js';
import { ListedParticipants } from '../../participants/application/participants.fakes.js';
import { PixKey } from '../domain/pix-key.aggregate.js';
import { KeyAlreadyExistsError } from '../domain/pix-key.errors.js';
import { PixKeyRepository } from './pix-key.repository.js';

export { FakeOutbox, FakeUnitOfWork } from '../../../shared/testing/kernel.fakes.js';

/** In-memory stand-ins for the unit tests of this module. */
export const TEST_CONFIG = { pspIspb: '99999004', pspName: 'Instant Payments Sandbox' } as AppConfig;

export class InMemoryPixKeys extends PixKeyRepository {
  readonly rows = new Map<string, PixKey>();
  private copy = (k: PixKey) => PixKey.restore({ ...k.snapshot });
  private active = () => [...this.rows.values()].filter((k) => k.isActive);

  async insert(key: PixKey): Promise<void> {
    if (this.active().some((k) => k.snapshot.keyValue === key.snapshot.keyValue)) throw new KeyAlreadyExistsError();
    this.rows.set(key.id, this.copy(key));
  }
  async save(key: PixKey): Promise<void> {
    this.rows.set(key.id, this.copy(key));
  }
  async findActiveByValue(keyValue: string): Promise<PixKey | null> {
    const k = this.active().find((r) => r.snapshot.keyValue === keyValue);
    return k ? this.copy(k) : null;
  }
  async findOwnActiveForUpdate(clientId: string, keyValue: string): Promise<PixKey | null> {
    const k = await this.findActiveByValue(keyValue);
    return k && k.snapshot.clientId === clientId ? k : null;
  }
  async listActiveByClient(clientId: string): Promise<PixKey[]> {
    return this.active()
      .filter((k) => k.snapshot.clientId === clientId)
      .map(this.copy);
  }
  async countActiveOnAccountLocked(accountId: string): Promise<number> {
    return this.active().filter((k) => k.snapshot.accountId === accountId).length;
  }
}

/** Accounts of made-up clients: `add` opens one (branch 0001) for a holder; `asPort()` is identity's real directory over them. */
export class FakeAccounts extends InMemoryIdentity {
  add(clientId: string, accountId: string, document: string, name = 'Maria Silva'): AccountWithHolder {
    return this.addAccount(clientId, accountId, document, name);
  }

  asPort(): AccountDirectory {
    return this.directory();
  }
}

/** The participant list as given, and this institution (TEST_CONFIG's) found by its ISPB as the CSV adapter finds it. */
export class FakeParticipants extends ListedParticipants {
  constructor(list: Participant[]) {
    super(list, { ispb: TEST_CONFIG.pspIspb, name: TEST_CONFIG.pspName });
  }
}
