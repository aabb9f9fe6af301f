import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { AccountWithHolder } from '../../identity/application/account-directory.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import type { PixKey } from '../domain/pix-key.aggregate.js';
import type { DirectoryEntry } from './key-directory.js';

/** DICT account type of our accounts: they are payment accounts ("conta de pagamento"). */
export const PAYMENT_ACCOUNT_TYPE = 'TRAN';

/** Builds the directory entry of a key held at this service from its account and holder. */
@Injectable()
export class HeldKeyEntries {
  constructor(
    private readonly participants: ParticipantDirectory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  entryOf(key: PixKey, { account, holder }: AccountWithHolder): DirectoryEntry {
    const k = key.snapshot;
    return {
      keyType: k.keyType,
      keyValue: k.keyValue,
      ispb: this.config.pspIspb,
      participantName: this.participants.find(this.config.pspIspb)?.name ?? this.config.pspName,
      branch: account.branch,
      accountNumber: account.number,
      accountType: PAYMENT_ACCOUNT_TYPE,
      holderName: holder.name,
      holderDocument: holder.document,
      personType: holder.personType,
      createdAt: k.createdAt,
      internal: { clientId: k.clientId, accountId: k.accountId },
    };
  }
}
