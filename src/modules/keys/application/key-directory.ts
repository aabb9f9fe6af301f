import { bankAccountTypeFromDict } from '../../../shared/domain/bank-account-type.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import type { PersonType } from '../../../shared/domain/tax-id.js';

/** Where a Pix key points: the account and holder behind it (a DICT entry). */
export interface DirectoryEntry {
  keyType: PixKeyType;
  keyValue: string;
  ispb: string;
  participantName: string;
  branch: string;
  accountNumber: string;
  /** DICT account type: CACC, SVGS, SLRY or TRAN. */
  accountType: string;
  holderName: string;
  holderDocument: string;
  personType: PersonType;
  /** When the key was registered, when the directory says. */
  createdAt?: Date;
  /** Present when the key belongs to an account of this service (on-us settlement). */
  internal?: { clientId: string; accountId: string };
}

/**
 * Port to the central key directory (DICT). The sandbox adapter answers for keys registered here,
 * invents deterministic external accounts for other valid keys, and knows no `notfound` key.
 */
export abstract class KeyDirectory {
  /** The entry for a key, or null when the directory has none. `keyType` narrows the lookup. */
  abstract resolve(keyValue: string, keyType?: PixKeyType): Promise<DirectoryEntry | null>;
}

/** The holder and account behind a key, as the payer or recipient of a payment. */
export function counterpartyOf(entry: DirectoryEntry): Counterparty {
  return {
    name: entry.holderName,
    document: entry.holderDocument,
    ispb: entry.ispb,
    participantName: entry.participantName,
    branch: entry.branch,
    account: entry.accountNumber,
    accountType: bankAccountTypeFromDict(entry.accountType),
    internal: entry.internal ?? null,
  };
}
