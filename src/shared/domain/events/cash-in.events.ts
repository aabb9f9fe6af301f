import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';

/** A completed inbound Pix, however it arrived (a charge paid, on-us from another client, or a sandbox deposit). */
export interface CashInCompletedSource {
  /** The `cash_in` transaction: also the event's aggregate id. */
  transactionId: string;
  clientId: string;
  accountId: string;
  endToEndId: string;
  amount: Money;
  fee: Money;
  /** This institution's ISPB (it holds the credited account). */
  pspIspb: string;
  /** The txid of the charge the payment paid, when it paid one. */
  conciliationId?: string | null;
}

export function cashInCompleted(c: CashInCompletedSource): DomainEvent<'cash_in.completed'> {
  return domainEvent('cash_in.completed', c.transactionId, c.clientId, {
    transaction_id: c.transactionId,
    end_to_end_id: c.endToEndId,
    amount: c.amount.toFixed2(),
    fee: c.fee.toFixed2(),
    net_amount: c.amount.minus(c.fee).toFixed2(),
    account_id: c.accountId,
    psp_ispb: c.pspIspb,
    conciliation_id: c.conciliationId ?? null,
  });
}

/** A charge that left `pending` without being paid. */
export interface ChargeClosedSource {
  id: string;
  clientId: string;
  accountId: string;
  txid: string;
  reference: string;
  amount: Money;
}

const chargePayload = <S extends 'cancelled' | 'expired'>(c: ChargeClosedSource, status: S) => ({
  transaction_id: c.id,
  conciliation_id: c.txid,
  reference: c.reference,
  status,
  amount: c.amount.toFixed2(),
  account_id: c.accountId,
});

export function cashInCancelled(c: ChargeClosedSource): DomainEvent<'cash_in.cancelled'> {
  return domainEvent('cash_in.cancelled', c.id, c.clientId, chargePayload(c, 'cancelled'));
}

export function cashInExpired(c: ChargeClosedSource): DomainEvent<'cash_in.expired'> {
  return domainEvent('cash_in.expired', c.id, c.clientId, chargePayload(c, 'expired'));
}
