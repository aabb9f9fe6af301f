import type { AppConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { AccountWithHolder } from '../../identity/application/account-directory.js';
import type { ParticipantDirectory } from './participant-directory.js';

/** An account of this service as the payer or recipient of a payment: our ISPB, our name, the holder. */
export function ownAccountParty(
  { account, holder }: AccountWithHolder,
  participants: ParticipantDirectory,
  config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
): Counterparty {
  return {
    name: holder.name,
    document: holder.document,
    ispb: config.pspIspb,
    participantName: participants.find(config.pspIspb)?.name ?? config.pspName,
    branch: account.branch,
    account: account.number,
    accountType: account.type,
    internal: { clientId: holder.id, accountId: account.id },
  };
}
