import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';

/** A completed inbound Pix, however it arrived (on-us from another client, or a sandbox deposit). */
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
  });
}
