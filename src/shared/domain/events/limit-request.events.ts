import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';
import type { LimitRequestCreatedPayload } from './event-catalogue.js';

/** What every limit-request event says about the request (a request's snapshot has these fields). */
export interface LimitRequestEventSource {
  id: string;
  clientId: string;
  accountId: string;
  type: LimitRequestCreatedPayload['type'];
  period: LimitRequestCreatedPayload['period'];
  currentAmount: Money;
  requestedAmount: Money;
  reason: string;
  responseReason: string | null;
  expiresAt: Date;
  decidedAt: Date | null;
  updatedAt: Date;
}

function limitRequestFields<S extends string>(r: LimitRequestEventSource, status: S) {
  return {
    id: r.id,
    account_id: r.accountId,
    type: r.type,
    period: r.period,
    current_amount: r.currentAmount.toFixed2(),
    requested_amount: r.requestedAmount.toFixed2(),
    reason: r.reason,
    status,
    response_reason: r.responseReason,
    expires_at: r.expiresAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}

export function limitRequestCreated(r: LimitRequestEventSource): DomainEvent<'limit_request.created'> {
  return domainEvent('limit_request.created', r.id, r.clientId, limitRequestFields(r, 'pending'));
}

export function limitRequestApproved(r: LimitRequestEventSource): DomainEvent<'limit_request.approved'> {
  return domainEvent('limit_request.approved', r.id, r.clientId, limitRequestFields(r, 'approved'));
}

export function limitRequestRejected(r: LimitRequestEventSource): DomainEvent<'limit_request.rejected'> {
  return domainEvent('limit_request.rejected', r.id, r.clientId, limitRequestFields(r, 'rejected'));
}

export function limitRequestExpired(r: LimitRequestEventSource): DomainEvent<'limit_request.expired'> {
  return domainEvent('limit_request.expired', r.id, r.clientId, limitRequestFields(r, 'expired'));
}
