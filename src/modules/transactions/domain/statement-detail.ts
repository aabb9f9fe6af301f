import { maskedDocument } from '../../../shared/domain/tax-id.js';
import type { Party, TransactionType } from './transaction.aggregate.js';

/** What an account's statement shows of the payment behind a ledger entry. */
export interface StatementDetail {
  id: string;
  type: TransactionType;
  endToEndId: string | null;
  txid: string | null;
  /** The other side: who paid a credit, who received a payment or a return; as the record stores it (a payer's document always masked, as the record shows it). */
  counterparty: Party | null;
}

/** Money that arrived: the payer is the other side. Anything else left: the receiver is. */
const INBOUND: ReadonlySet<TransactionType> = new Set(['cash_in', 'p2p_in', 'reversal_in']);

/** The side of a payment its own account holder did not stand on. */
export function counterpartyOf(type: TransactionType, payer: Party | null, receiver: Party | null): Party | null {
  if (!INBOUND.has(type)) return receiver;
  // A payer of money that arrived is shown masked, as the transaction record shows them, also when the record
  // holds the document whole (a payer from another institution, kept for a return; docs/adr/0225).
  return payer && payer.document !== null ? { ...payer, document: maskedDocument(payer.document) } : payer;
}
