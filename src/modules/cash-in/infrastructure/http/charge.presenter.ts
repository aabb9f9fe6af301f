import { maskedDocument } from '../../../../shared/domain/tax-id.js';
import type { Charge, ChargePayer } from '../../domain/charge.aggregate.js';
import type { ChargePaidByDto, ChargeStatusDto, DueDateTermsDto } from './charge.response.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The details kept as given, under their API names. */
function detailsOf(charge: Charge): Record<string, unknown> {
  const d = charge.snapshot.details;
  const named: [string, unknown][] = [
    ['receiver_address', d.receiverAddress],
    ['receiver_state', d.receiverState],
    ['receiver_postal_code', d.receiverPostalCode],
    ['withdraw_amount', d.withdrawAmount],
    ['withdraw_agent_mode', d.withdrawAgentMode],
    ['change_amount', d.changeAmount],
    ['change_agent_mode', d.changeAgentMode],
  ];
  return Object.fromEntries(named.filter(([, v]) => v !== undefined));
}

function termsOf(charge: Charge, now: Date): DueDateTermsDto | null {
  const t = charge.snapshot.terms;
  if (!t) return null;
  return {
    due_date: t.dueDate,
    ...(t.penalty ? { penalty: { mode: t.penalty.mode, value: t.penalty.value } } : {}),
    ...(t.interest ? { interest: { mode: t.interest.mode, value: t.interest.value } } : {}),
    ...(t.discount
      ? {
          discount: {
            mode: t.discount.mode,
            ...(t.discount.value !== undefined ? { value: t.discount.value } : {}),
            ...(t.discount.fixedDates ? { fixed_dates: t.discount.fixedDates.map((f) => ({ date: f.date, value: f.value })) } : {}),
          },
        }
      : {}),
    ...(t.rebate ? { rebate: { mode: t.rebate.mode, value: t.rebate.value } } : {}),
    amount_due_now: charge.amountDue(now).amount.toFixed2(),
  };
}

/**
 * Who paid, as the charge's `cash_in` transaction and `cash_in.completed` show them: the document masked
 * (the merchant did not supply it), the institution as recorded when it was paid
 * (docs/adr/0225-the-payer-on-every-credit.md).
 */
function paidBy(payer: ChargePayer): ChargePaidByDto {
  return {
    name: payer.name,
    document: payer.document === null ? null : maskedDocument(payer.document),
    ispb: payer.bank?.ispb ?? null,
    institution_name: payer.bank?.participant_name ?? null,
  };
}

export function presentCharge(charge: Charge, provider: string, now: Date): ChargeStatusDto {
  const c = charge.snapshot;
  return {
    transaction_id: c.id,
    conciliation_id: c.txid,
    status: c.status,
    amount: c.amount.toFixed2(),
    paid_amount: c.paidAmount?.toFixed2() ?? null,
    end_to_end_id: c.endToEndId,
    payer: c.payer ? paidBy(c.payer) : null,
    expected_payer: c.expectedPayer,
    reference: c.reference,
    description: c.description,
    pix_key: c.pixKey,
    qr_code_text: c.qrCodeText,
    expires_at: c.expiresAt.toISOString(),
    paid_at: iso(c.paidAt),
    cancelled_at: iso(c.cancelledAt),
    expired_at: iso(c.expiredAt),
    due_date: c.terms?.dueDate ?? null,
    due_date_terms: termsOf(charge, now),
    details: detailsOf(charge),
    metadata: c.metadata ?? {},
    registry_document_id: c.registryDocumentId,
    provider,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
