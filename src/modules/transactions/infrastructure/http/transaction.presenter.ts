import type { LedgerEntryView } from '../../../ledger/application/ledger.repository.js';
import type { TransactionWithEntries } from '../../application/list-transactions.use-case.js';
import type { TransactionDto } from './transaction.response.js';

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

/** The spec's transaction record. */
export function presentTransaction({ transaction, entries }: TransactionWithEntries): TransactionDto {
  const t = transaction.snapshot;
  const payer = { name: t.payer?.name ?? null, document: t.payer?.document ?? null };
  const receiver = {
    name: t.receiver?.name ?? null,
    document: t.receiver?.document ?? null,
    bank: t.receiver?.bank ?? null,
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
