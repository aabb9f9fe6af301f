import type { Money } from '../money/money.js';

/**
 * The statement's status words: a transaction shows its payment's own status word
 * (docs/adr/0063-one-status-word-per-payment.md). `queued` is a payment we accepted and will settle;
 * `pending` waits on someone else (a charge not yet paid).
 */
export const STATEMENT_STATUSES = ['pending', 'queued', 'processing', 'completed', 'failed', 'returned', 'cancelled', 'expired'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** Why a payment failed, as its statement line shows it (an ISO 20022 reason and its words). */
export interface StatementFailure {
  code: string;
  message: string;
}

/**
 * A party as the statement records it (the transaction record's party shape): the whole account, or only the
 * institution (its participant-list name null when the list lacks it) of a payer from another institution.
 */
export interface StatementParty {
  name: string | null;
  document: string | null;
  bank?: { ispb: string; participant_name: string | null; agency?: string; account?: string; account_type?: string } | null;
}

/** A pending receipt that was paid (a charge's `cash_in`): what arrived and from whom. */
export interface StatementReceipt {
  amount: Money;
  endToEndId: string;
  payer: StatementParty;
}

/**
 * Where a payment's statement line stands, as the payment itself says: the line's status, when the
 * payment last moved (the line's `updated_at`, and its `processed_at` once `completed`), and its failure.
 */
export interface StatementEntry {
  /** The statement line (the `transactions` row) that follows the payment. */
  transactionId: string;
  status: StatementStatus;
  at: Date;
  /** Set once the payment failed; a failure once written stays on the line. */
  failure: StatementFailure | null;
  /** Only for a receipt that was paid: the line takes the amount, end-to-end id and payer that arrived. */
  receipt?: StatementReceipt | null;
}

/**
 * A payment whose statement line follows it (docs/adr/0199-statement-follows-the-payment.md). Each payment
 * aggregate (cash-out, reversal, charge, MED request) writes its mapping once, from its own state; its
 * module's one save path hands it to the transactions module, so no use case builds a status by hand.
 */
export interface FollowedOnStatement {
  /** The line's state now; null while the payment has no line to follow (a MED request that returned nothing). */
  statementEntry(): StatementEntry | null;
}
