import { Money } from '../../../../shared/money/money.js';
import type { LimitPeriod, LimitType } from '../../domain/limit-kinds.js';
import { LimitRequest, type LimitRequestStatus } from '../../domain/limit-request.aggregate.js';

/** A `limit_requests` row as selected: its columns by their own (snake_case) names, money as numeric text. */
export interface LimitRequestRow {
  id: string;
  client_id: string;
  account_id: string;
  type: string;
  period: string;
  current_amount: string;
  requested_amount: string;
  reason: string;
  status: string;
  response_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  effective_at: Date | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

export const LimitRequestMapper = {
  toDomain(r: LimitRequestRow): LimitRequest {
    return LimitRequest.restore({
      id: r.id,
      clientId: r.client_id,
      accountId: r.account_id,
      type: r.type as LimitType,
      period: r.period as LimitPeriod,
      currentAmount: Money.of(r.current_amount),
      requestedAmount: Money.of(r.requested_amount),
      reason: r.reason,
      status: r.status as LimitRequestStatus,
      responseReason: r.response_reason,
      decidedBy: r.decided_by,
      decidedAt: r.decided_at,
      effectiveAt: r.effective_at,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  },

  /**
   * The request's columns as statement parameters, money as 6-decimal strings, in this order: id, client_id,
   * account_id, type, period, current_amount, requested_amount, reason, status, response_reason, decided_by,
   * decided_at, expires_at, created_at, updated_at, effective_at.
   */
  toParams(r: LimitRequest): unknown[] {
    const s = r.snapshot;
    return [
      s.id,
      s.clientId,
      s.accountId,
      s.type,
      s.period,
      s.currentAmount.toFixed6(),
      s.requestedAmount.toFixed6(),
      s.reason,
      s.status,
      s.responseReason,
      s.decidedBy,
      s.decidedAt,
      s.expiresAt,
      s.createdAt,
      s.updatedAt,
      s.effectiveAt,
    ];
  },
};
