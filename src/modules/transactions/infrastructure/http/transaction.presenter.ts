import { maskedDocument } from '../../../../shared/domain/tax-id.js';
import type { LedgerEntryView } from '../../../ledger/application/ledger.repository.js';
import type { TransactionWithEntries } from '../../application/list-transactions.use-case.js';
import { isWholeAccount, type TransactionProps, type TransactionType } from '../../domain/transaction.aggregate.js';
import type { PayerDto, TransactionDto } from './transaction.response.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentLedgerEntry(e: LedgerEntryView) {
  return {
    operation_type: e.operationType,
    amount: e.amount,
    status: e.status,
    available_before: e.availableBefore,
    available_after: e.availableAfter,
    blocked_before: e.blockedBefore,
    blocked_after: e.blockedAfter,
    created_at: e.createdAt.toISOString(),
  };
}

/** The payments a client receives from someone else: their payer is another person. */
const RECEIVED: readonly TransactionType[] = ['cash_in', 'p2p_in', 'reversal_in'];

/**
 * The payer as the record shows them, with their institution (docs/adr/0225-the-payer-on-every-credit.md).
 * The payer of a payment that arrived is shown with the document masked, whether the record holds it whole
 * (a payer from another institution, kept for a return) or masked (on-us); a pending charge's payer is the
 * expected payer its owner named, shown as named (docs/adr/0077-masking.md).
 */
function presentPayer(t: Readonly<TransactionProps>): PayerDto {
  const arrived = RECEIVED.includes(t.type) && t.endToEndId !== null;
  const document = t.payer?.document ?? null;
  const bank = t.payer?.bank ?? null;
  return {
    name: t.payer?.name ?? null,
    document: arrived && document !== null ? maskedDocument(document) : document,
    ispb: bank?.ispb ?? null,
    institution_name: bank?.participant_name ?? null,
  };
}

/** The spec's transaction record. */
export function presentTransaction({ transaction, entries }: TransactionWithEntries): TransactionDto {
  const t = transaction.snapshot;
  const payer = presentPayer(t);
  const receiverBank = t.receiver?.bank ?? null;
  const receiver = {
    name: t.receiver?.name ?? null,
    document: t.receiver?.document ?? null,
    // The spec's bank object is a whole account; a receiver known only by institution shows none.
    bank: receiverBank && isWholeAccount(receiverBank) ? receiverBank : null,
  };
  return {
    id: t.id,
    external_id: t.externalId,
    reference: t.reference,
    client_id: t.clientId,
    type: t.type,
    amount: t.amount.toFixed2(),
    gross_amount: t.amount.toFixed2(),
    net_amount: transaction.netAmount.toFixed2(),
    tax_amount: t.taxAmount.toFixed2(),
    reversed_amount: t.refundedAmount.toFixed2(),
    currency: 'BRL',
    status: t.status,
    pix_key: t.pixKey,
    pix_key_type: t.pixKeyType ? t.pixKeyType.toLowerCase() : null,
    e2e: t.endToEndId,
    payer_name: payer.name,
    payer_document: payer.document,
    receiver_name: receiver.name,
    receiver_document: receiver.document,
    payer,
    receiver,
    description: t.description,
    txid: t.txid,
    channel: t.channel,
    error_code: t.errorCode,
    error_message: t.errorMessage,
    processed_at: iso(t.processedAt),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    ledger_entries: entries.map(presentLedgerEntry),
  };
}
