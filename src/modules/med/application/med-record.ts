import type { MedRequest, MedStatus } from '../domain/med-request.aggregate.js';

// The vocabulary other modules (the sandbox) need of this one.
export { MED_STATUSES, type MedStatus } from '../domain/med-request.aggregate.js';

/** A MED request as the API shows it (docs/adr/0132-med-seen-from-the-receiving-side.md). */
export interface MedRecord {
  id: string;
  end_to_end_id: string;
  transaction_id: string;
  account_id: string;
  amount: string;
  blocked_amount: string;
  reason: string | null;
  status: MedStatus;
  response_reason: string | null;
  return_transaction_id: string | null;
  return_end_to_end_id: string | null;
  respond_by: string;
  created_at: string;
  updated_at: string;
  responded_at: string | null;
}

export function medRecord(med: MedRequest): MedRecord {
  const m = med.snapshot;
  return {
    id: m.id,
    end_to_end_id: m.endToEndId,
    transaction_id: m.transactionId,
    account_id: m.accountId,
    amount: m.amount.toFixed2(),
    blocked_amount: m.blockedAmount.toFixed2(),
    reason: m.reason,
    status: m.status,
    response_reason: m.responseReason,
    return_transaction_id: m.returnTransactionId,
    return_end_to_end_id: m.returnEndToEndId,
    respond_by: m.respondBy.toISOString(),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    responded_at: m.respondedAt?.toISOString() ?? null,
  };
}
