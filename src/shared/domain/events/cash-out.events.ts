import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';

/** What every cash-out event says about the payment (a cash-out's snapshot has these fields). */
export interface CashOutEventSource {
  id: string;
  clientId: string;
  externalId: string | null;
  amount: Money;
  endToEndId: string;
}

function cashOutFields<S extends string>(c: CashOutEventSource, status: S) {
  return { transaction_id: c.id, external_id: c.externalId, status, amount: c.amount.toFixed2(), end_to_end_id: c.endToEndId };
}

export function cashOutQueued(c: CashOutEventSource): DomainEvent<'cash_out.queued'> {
  return domainEvent('cash_out.queued', c.id, c.clientId, cashOutFields(c, 'queued'));
}

export function cashOutProcessing(c: CashOutEventSource): DomainEvent<'cash_out.processing'> {
  return domainEvent('cash_out.processing', c.id, c.clientId, cashOutFields(c, 'processing'));
}

export function cashOutCompleted(c: CashOutEventSource): DomainEvent<'cash_out.completed'> {
  return domainEvent('cash_out.completed', c.id, c.clientId, cashOutFields(c, 'completed'));
}

export function cashOutFailed(c: CashOutEventSource, failure: { code: string; message: string }): DomainEvent<'cash_out.failed'> {
  return domainEvent('cash_out.failed', c.id, c.clientId, {
    ...cashOutFields(c, 'failed'),
    error_code: failure.code,
    error_message: failure.message,
  });
}

export function cashOutReturned(c: CashOutEventSource, returnedAmount: Money): DomainEvent<'cash_out.returned'> {
  return domainEvent('cash_out.returned', c.id, c.clientId, {
    ...cashOutFields(c, 'returned'),
    returned_amount: returnedAmount.toFixed2(),
  });
}
