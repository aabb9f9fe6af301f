import type { Money } from '../../money/money.js';
import type { RefundCode } from '../refund-code.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';

/** What the reversal events need of a reversal. */
export interface ReversalSource {
  id: string;
  clientId: string;
  externalId: string;
  originalEndToEndId: string;
  refundEndToEndId: string;
  amount: Money;
  refundCode: RefundCode;
}

const fields = (r: ReversalSource) => ({
  transaction_id: r.id,
  external_id: r.externalId,
  original_end_to_end_id: r.originalEndToEndId,
  refund_end_to_end_id: r.refundEndToEndId,
  amount: r.amount.toFixed2(),
  refund_code: r.refundCode,
});

/** Internal: a reversal of an external payment waits for the settlement worker. */
export function reversalQueued(r: ReversalSource): DomainEvent<'reversal.queued'> {
  return domainEvent('reversal.queued', r.id, r.clientId, { ...fields(r), status: 'queued' as const });
}

export function reversalCompleted(r: ReversalSource): DomainEvent<'reversal.completed'> {
  return domainEvent('reversal.completed', r.id, r.clientId, { ...fields(r), status: 'completed' as const });
}

export function reversalFailed(r: ReversalSource, failure: { code: string; message: string }): DomainEvent<'reversal.failed'> {
  return domainEvent('reversal.failed', r.id, r.clientId, {
    ...fields(r),
    status: 'failed' as const,
    error_code: failure.code,
    error_message: failure.message,
  });
}
