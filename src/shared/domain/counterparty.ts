/** A payer or recipient of a Pix: the holder and the account at a participant. */
export interface Counterparty {
  name: string;
  document: string;
  ispb: string;
  participantName: string;
  branch: string;
  account: string;
  /** `payment`, `checking`, `savings`, `salary` (API spelling) or DICT codes for external accounts. */
  accountType: string;
  /** Set when the account belongs to this service (settled on-us). */
  internal?: { clientId: string; accountId: string } | null;
}
