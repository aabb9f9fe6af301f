import type { Money } from '../../../shared/money/money.js';
import type { StatementDetail } from '../domain/statement-detail.js';
import type { Party, Transaction, TransactionStatus, TransactionType } from '../domain/transaction.aggregate.js';

/** A list's `total` counts at most this many matching rows (10000 means "10,000 or more"). */
export const LIST_TOTAL_CAP = 10_000;
/** Pages reach back this far by offset; older rows are reached with date_from/date_to. */
export const LIST_MAX_OFFSET = 10_000;

export interface TransactionFilter {
  clientId: string;
  type?: TransactionType;
  status?: TransactionStatus;
  endToEndId?: string;
  reference?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface StatusChange {
  status: TransactionStatus;
  at: Date;
  failure?: { code: string; message: string } | null;
}

/** A pending receipt (a charge) that was paid: what arrived, from whom, and what we charged for it. */
export interface Receipt {
  amount: Money;
  fee: Money;
  endToEndId: string;
  payer: Party;
  at: Date;
}

/** A completed payment a client received, as a reversal of it needs it. */
export interface ReceivedPayment {
  id: string;
  clientId: string;
  accountId: string;
  type: 'cash_in' | 'p2p_in';
  amount: Money;
  refundedAmount: Money;
  endToEndId: string;
  payer: Party | null;
  /** The receiving client as its statement shows it. */
  receiver: Party | null;
  /** When it was received (completed). */
  receivedAt: Date;
}

/**
 * A completed payment a client received (`cash_in` or `p2p_in`) as API Pix's `Pix` shows it
 * (docs/adr/0233-api-pix-pix-is-a-received-payment.md): what arrived, the key and txid it came by, what of it
 * was given back, and when.
 */
export interface ReceivedPix {
  id: string;
  type: 'cash_in' | 'p2p_in';
  amount: Money;
  refundedAmount: Money;
  endToEndId: string;
  txid: string | null;
  pixKey: string | null;
  /** The payer's own message (a P2P transfer's, a static code's); a charge's line holds the merchant's text instead. */
  payerMessage: string | null;
  payer: Party | null;
  receivedAt: Date;
}

/** Filters of the received-payment list (API Pix's `GET /pix`): received within [from, to], then each asked filter. */
export interface ReceivedPixFilter {
  clientId: string;
  from: Date;
  to: Date;
  txid?: string;
  /** true: only payments that carried a txid; false: only those without. */
  withTxid?: boolean;
  /** true: only payments of which something was given back; false: only those untouched. */
  refunded?: boolean;
  /** The payer's document as the record may hold it: whole (another institution's payer) or masked (on-us). */
  payerDocuments?: string[];
  limit: number;
  offset: number;
}

/** The sending side of a payment made inside this service (an on-us cash-out or a P2P transfer). */
export interface SentPayment {
  id: string;
  clientId: string;
  accountId: string;
}

/** Port to stored transactions. */
export abstract class TransactionRepository {
  /** Inserts; a second external_id for the same client and type throws DUPLICATE_EXTERNAL_ID. */
  abstract insert(tx: Transaction): Promise<void>;
  abstract findById(id: string): Promise<Transaction | null>;
  /** Sets the status (and its timestamps and failure) of a payment's transaction row, in one statement. */
  abstract setStatus(id: string, change: StatusChange): Promise<void>;
  /** The client's completed `cash_in` / `p2p_in` with this end-to-end id, row-locked until the transaction ends. */
  abstract lockReceived(clientId: string, endToEndId: string): Promise<ReceivedPayment | null>;
  /** The `cash_out` / `p2p_out` of another client with this end-to-end id: the payment was made on-us. */
  abstract sentOnUs(endToEndId: string, receiverClientId: string): Promise<SentPayment | null>;
  /** Adds `delta` (negative to give back) to what has been refunded of a payment, in one statement. */
  abstract addRefunded(id: string, delta: Money): Promise<void>;
  /** Completes a pending receipt with what was paid, in one statement. */
  abstract setReceived(id: string, receipt: Receipt): Promise<void>;
  abstract list(filter: TransactionFilter): Promise<{ items: Transaction[]; total: number }>;
  /** The client's completed `cash_in` / `p2p_in` with this end-to-end id, unlocked. */
  abstract findReceived(clientId: string, endToEndId: string): Promise<ReceivedPix | null>;
  /** The client's completed received payments matching the filter, oldest first, with how many match in all. */
  abstract listReceived(filter: ReceivedPixFilter): Promise<{ items: ReceivedPix[]; total: number }>;
  /** What a statement shows of each of these transactions (those that exist), in one read. */
  abstract statementDetails(ids: string[]): Promise<StatementDetail[]>;
}
