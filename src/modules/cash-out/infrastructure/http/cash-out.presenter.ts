import { maskDocument } from '../../../../shared/domain/tax-id.js';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import type { CashOut } from '../../domain/cash-out.aggregate.js';
import type { CashOutPartyDto, CashOutStatusDto } from './cash-out.response.js';

const party = (c: Counterparty): CashOutPartyDto => ({
  name: c.name,
  document: c.document,
  bank: { ispb: c.ispb, participant_name: c.participantName, agency: c.branch, account: c.account, account_type: c.accountType },
});

/** The spec's cash-out status record. */
export function presentCashOut(cashOut: CashOut): CashOutStatusDto {
  const c = cashOut.snapshot;
  // The payer typed the recipient's document only in Flow 2; resolved from a key or QR code, it is masked.
  const receiverDocument = c.flow === 'bank' ? c.receiver.document : maskDocument(c.receiver.document);
  return {
    transaction_id: c.id,
    external_id: c.externalId,
    amount: c.amount.toFixed2(),
    currency: 'BRL',
    status: c.status,
    pix_key: c.pixKey,
    pix_key_type: c.pixKeyType ? c.pixKeyType.toLowerCase() : null,
    receiver_name: c.receiver.name,
    receiver_document: receiverDocument,
    payer: party(c.payer),
    receiver: { ...party(c.receiver), document: receiverDocument },
    end_to_end_id: c.endToEndId,
    ...(c.errorCode ? { error_code: c.errorCode, error_message: c.errorMessage ?? '' } : {}),
    ...(c.returnedAmount ? { returned_amount: c.returnedAmount.toFixed2() } : {}),
    completed_at: c.completedAt ? c.completedAt.toISOString() : null,
    created_at: c.createdAt.toISOString(),
  };
}
