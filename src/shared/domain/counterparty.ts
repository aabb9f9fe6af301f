import type { BankAccountType } from './bank-account-type.js';

/** A payer or recipient of a Pix: the holder and the account at a participant. */
export interface Counterparty {
  name: string;
  document: string;
  ispb: string;
  participantName: string;
  branch: string;
  account: string;
  /** Always the API spelling (DICT codes are translated where they come in). */
  accountType: BankAccountType;
  /** Set when the account belongs to this service (settled on-us). */
  internal?: { clientId: string; accountId: string } | null;
}

/** The spec's `bank` object of a party (the same shape wherever a payer or receiver appears). */
export function bankOf(c: Counterparty) {
  return { ispb: c.ispb, participant_name: c.participantName, agency: c.branch, account: c.account, account_type: c.accountType };
}
