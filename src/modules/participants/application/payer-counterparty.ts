import type { BankAccountType } from '../../../shared/domain/bank-account-type.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { ParticipantDirectory } from './participant-directory.js';

/** A payer as a received payment's statement line recorded it (the spec's party with its `bank`). */
export interface RecordedPayer {
  name: string | null;
  document: string | null;
  bank?: { ispb?: string; participant_name?: string | null; agency?: string; account?: string; account_type?: string } | null;
}

/**
 * The payer of a payment received from another institution, as the destination of money going back to
 * them (a reversal, a MED return): what the payment recorded of them, and their institution from the
 * original end-to-end id (`E` + the payer's ISPB + ...) when the record lacks it.
 */
export function payerCounterparty(
  payer: RecordedPayer | null,
  originalEndToEndId: string,
  participants: ParticipantDirectory,
): Counterparty {
  const ispb = payer?.bank?.ispb ?? originalEndToEndId.slice(1, 9);
  return {
    name: payer?.name ?? 'Unknown payer',
    document: payer?.document ?? '',
    ispb,
    participantName: payer?.bank?.participant_name ?? participants.find(ispb)?.name ?? ispb,
    branch: payer?.bank?.agency ?? '',
    account: payer?.bank?.account ?? '',
    accountType: (payer?.bank?.account_type ?? 'checking') as BankAccountType,
  };
}
