import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { AccountDirectory } from '../../../identity/application/account-directory.js';
import { ParticipantDirectory, type Participant } from '../../../participants/application/participant-directory.js';
import { detectPixKeyType, isValidPixKey, type PixKeyType } from '../../../../shared/domain/pix-key.js';
import { HeldKeyEntries } from '../../application/held-key-entries.service.js';
import { KeyDirectory, type DirectoryEntry } from '../../application/key-directory.js';
import { PixKeyRepository } from '../../application/pix-key.repository.js';
import { simulatedExternalEntry } from './simulated-external-account.js';

/** The sandbox stands in for a key nobody in the simulated world holds. */
const NOT_FOUND_MARKER = /notfound/i;

/**
 * DICT as the sandbox sees it (docs/conventions.md §11): keys registered here resolve to their account;
 * any other syntactically valid key resolves to a deterministic account at a real participant,
 * except one containing `notfound`, which nobody holds.
 */
@Injectable()
export class SandboxKeyDirectory extends KeyDirectory {
  private candidates: readonly Participant[] | null = null;

  constructor(
    private readonly keys: PixKeyRepository,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly entries: HeldKeyEntries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async resolve(keyValue: string, keyType?: PixKeyType): Promise<DirectoryEntry | null> {
    const type = keyType ? (isValidPixKey(keyType, keyValue) ? keyType : null) : detectPixKeyType(keyValue);
    if (!type) return null;
    const held = await this.keys.findActiveByValue(keyValue);
    if (held && held.snapshot.keyType === type) {
      const owner = await this.accounts.byId(held.snapshot.accountId);
      return owner ? this.entries.entryOf(held, owner) : null;
    }
    if (NOT_FOUND_MARKER.test(keyValue)) return null;
    return simulatedExternalEntry(type, keyValue, this.externalParticipants());
  }

  /** Account providers with an ISPB, never this service itself (that would make a payment on-us). */
  private externalParticipants(): readonly Participant[] {
    this.candidates ??= this.participants
      .all()
      .filter((p) => /^\d{8}$/.test(p.ispb) && p.providesAccounts !== false && p.ispb !== this.config.pspIspb);
    return this.candidates;
  }
}
