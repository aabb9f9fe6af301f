import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { PixKey } from '../domain/pix-key.aggregate.js';
import { HeldKeyEntries } from './held-key-entries.service.js';
import { PixKeyRepository } from './pix-key.repository.js';
import type { PixKeyView } from './pix-key-view.js';
import { Clock } from '../../../shared/time/clock.js';

export interface RegisterPixKeyCommand {
  clientId: string;
  keyType: PixKeyType;
  keyValue?: string;
  /** Defaults to the client's default account. */
  accountId?: string;
}

/** Registers a key on one of the caller's accounts; the key and its event commit together. */
@Injectable()
export class RegisterPixKeyUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly keys: PixKeyRepository,
    private readonly entries: HeldKeyEntries,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(cmd: RegisterPixKeyCommand): Promise<PixKeyView> {
    return this.uow.run(async () => {
      const owner = await this.accounts.ownAccount(cmd.clientId, cmd.accountId);
      const activeKeysOnAccount = await this.keys.countActiveOnAccountLocked(owner.account.id);
      const key = PixKey.register({
        id: randomUUID(),
        clientId: cmd.clientId,
        accountId: owner.account.id,
        keyType: cmd.keyType,
        requestedValue: cmd.keyValue,
        holder: owner.holder,
        activeKeysOnAccount,
        newEvp: randomUUID,
        now: this.clock.now(),
      });
      await this.keys.insert(key);
      await this.outbox.append(key.pullEvents());
      return { entry: this.entries.entryOf(key, owner), held: key };
    });
  }
}
