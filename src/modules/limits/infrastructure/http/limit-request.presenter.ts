import type { LimitRequest } from '../../domain/limit-request.aggregate.js';
import type { AdminLimitRequestDto, LimitRequestDto } from './limit-request.response.js';

export function presentLimitRequest(r: LimitRequest): LimitRequestDto {
  const s = r.snapshot;
  return {
    id: s.id,
    account_id: s.accountId,
    type: s.type,
    period: s.period,
    current_amount: s.currentAmount.toFixed2(),
    requested_amount: s.requestedAmount.toFixed2(),
    reason: s.reason,
    status: s.status,
    response_reason: s.responseReason,
    decided_at: s.decidedAt?.toISOString() ?? null,
    effective_at: s.effectiveAt?.toISOString() ?? null,
    expires_at: s.expiresAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function presentLimitRequestForAdmin(r: LimitRequest): AdminLimitRequestDto {
  return { ...presentLimitRequest(r), client_id: r.snapshot.clientId, decided_by: r.snapshot.decidedBy };
}
