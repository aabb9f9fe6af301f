import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';
import type { EventPayload } from './event-catalogue.js';

/** What the MED events need of a request (med/domain/med-request.aggregate.ts). */
export interface MedRequestSource {
  id: string;
  clientId: string;
  accountId: string;
  transactionId: string;
  endToEndId: string;
  amount: Money;
  blockedAmount: Money;
  reason: string | null;
  responseReason: string | null;
  returnTransactionId: string | null;
  returnEndToEndId: string | null;
  createdAt: Date;
  respondBy: Date;
  respondedAt: Date | null;
}

function medPayload<S extends string>(m: MedRequestSource, status: S) {
  return {
    id: m.id,
    transaction_id: m.transactionId,
    end_to_end_id: m.endToEndId,
    account_id: m.accountId,
    amount: m.amount.toFixed2(),
    blocked_amount: m.blockedAmount.toFixed2(),
    status,
    reason: m.reason,
    response_reason: m.responseReason,
    return_transaction_id: m.returnTransactionId,
    return_end_to_end_id: m.returnEndToEndId,
    created_at: m.createdAt.toISOString(),
    respond_by: m.respondBy.toISOString(),
    responded_at: m.respondedAt?.toISOString() ?? null,
  };
}

/** To the receiver's webhooks: a MED request was opened and part of the balance blocked. */
export function medOpened(m: MedRequestSource): DomainEvent<'med.opened'> {
  return domainEvent('med.opened', m.id, m.clientId, medPayload(m, 'OPEN') satisfies EventPayload<'med.opened'>);
}

/** Left unanswered for 72 hours: in analysis, still blocked, still answerable. */
export function medInAnalysis(m: MedRequestSource): DomainEvent<'med.in_analysis'> {
  return domainEvent('med.in_analysis', m.id, m.clientId, medPayload(m, 'IN_ANALYSIS') satisfies EventPayload<'med.in_analysis'>);
}

/** Approved: the blocked amount went back to the payer. */
export function medApproved(m: MedRequestSource): DomainEvent<'med.approved'> {
  return domainEvent('med.approved', m.id, m.clientId, medPayload(m, 'APPROVED') satisfies EventPayload<'med.approved'>);
}

/** Rejected: the blocked amount is available again. */
export function medRejected(m: MedRequestSource): DomainEvent<'med.rejected'> {
  return domainEvent('med.rejected', m.id, m.clientId, medPayload(m, 'REJECTED') satisfies EventPayload<'med.rejected'>);
}

/** Unanswered past its deadline: closed, the blocked amount is available again. */
export function medClosed(m: MedRequestSource): DomainEvent<'med.closed'> {
  return domainEvent('med.closed', m.id, m.clientId, medPayload(m, 'CLOSED') satisfies EventPayload<'med.closed'>);
}
