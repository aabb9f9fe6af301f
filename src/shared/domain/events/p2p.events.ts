import type { Money } from '../../money/money.js';
import { domainEvent, type DomainEvent } from '../domain-event.js';

/** What the P2P events need of a transfer. */
export interface P2pTransferSource {
  id: string;
  receiverTransactionId: string;
  endToEndId: string;
  payerClientId: string;
  payerAccountId: string;
  payeeClientId: string;
  payeeAccountId: string;
  payer: { name: string };
  payee: { name: string };
  amount: Money;
  description: string | null;
  externalId: string | null;
  createdAt: Date;
}

/** To the payer's webhooks: the money left. */
export function p2pSent(t: P2pTransferSource): DomainEvent<'p2p.sent'> {
  return domainEvent('p2p.sent', t.id, t.payerClientId, {
    transaction_id: t.id,
    end_to_end_id: t.endToEndId,
    amount: t.amount.toFixed2(),
    from_account_id: t.payerAccountId,
    to_account_id: t.payeeAccountId,
    to_name: t.payee.name,
    external_id: t.externalId,
    description: t.description,
    created_at: t.createdAt.toISOString(),
  });
}

/** To the payee's webhooks: the money arrived (never the payer's external id, which is the payer's own). */
export function p2pReceived(t: P2pTransferSource): DomainEvent<'p2p.received'> {
  return domainEvent('p2p.received', t.receiverTransactionId, t.payeeClientId, {
    transaction_id: t.receiverTransactionId,
    end_to_end_id: t.endToEndId,
    amount: t.amount.toFixed2(),
    to_account_id: t.payeeAccountId,
    from_name: t.payer.name,
    description: t.description,
    created_at: t.createdAt.toISOString(),
  });
}
