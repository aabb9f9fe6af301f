import type { BankAccountType } from './bank-account-type.js';
import { maskDocument } from './tax-id.js';

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

/** A party as a transaction record stores it: name, document and bank. */
export function partyRecord(c: Counterparty) {
  return { name: c.name, document: c.document, bank: bankOf(c) };
}

/** An account number as shown to someone other than its holder: only the last 4 characters. */
export function maskAccountNumber(account: string): string {
  return account.length <= 4 ? account : `${'*'.repeat(account.length - 4)}${account.slice(-4)}`;
}

/**
 * A party as shown to a viewer who did not supply its details (docs/adr/0077-masking.md): the
 * document masked, and the account number too when `account` says so.
 */
export function maskedParty(c: Counterparty, opts: { account: boolean }): Counterparty {
  return { ...c, document: maskDocument(c.document), account: opts.account ? maskAccountNumber(c.account) : c.account };
}

/**
 * The payer as the receiver of a payment sees it: who paid, but neither the full document nor the account
 * number (the receiver never typed them).
 */
export function payerAsSeenByReceiver(payer: Counterparty): Counterparty {
  return maskedParty(payer, { account: true });
}

/**
 * The receiver as the payer sees it when the payer found it by a key, a QR code or an account id rather than
 * typing its details: the document masked; the account number stays (it is where the money went).
 */
export function receiverAsSeenByPayer(receiver: Counterparty): Counterparty {
  return maskedParty(receiver, { account: false });
}
