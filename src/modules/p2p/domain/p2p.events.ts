import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import type { Money } from '../../../shared/money/money.js';

/** P2P's events (docs/events.md): one transfer is two events, one per side. */
export const P2P_EVENTS = {
  'p2p.sent': {
    description: 'You paid another client of this service (a P2P transfer, completed at once).',
    webhook: true,
    aggregate: 'your `p2p_out` transaction (the transfer)',
    payload: {
      transaction_id: { type: 'string', format: 'uuid', description: 'Your `p2p_out` transaction (`transaction_id` of the transfer)' },
      end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The Pix end-to-end id, the same on the payee's side" },
      amount: { type: 'string', format: 'decimal', description: 'The amount sent' },
      from_account_id: { type: 'string', format: 'uuid', description: 'Your account debited' },
      to_account_id: { type: 'string', format: 'uuid', description: 'The account paid' },
      to_name: { type: 'string', description: "The payee's name" },
      external_id: { type: 'string', nullable: true, description: 'Your `external_id`; `null` when sent without one' },
      description: { type: 'string', nullable: true, description: 'The description shown to both sides' },
      created_at: { type: 'string', format: 'date-time', description: 'When the transfer was made' },
    },
  },
  'p2p.received': {
    description: 'Another client of this service paid you (a P2P transfer, completed at once).',
    webhook: true,
    aggregate: 'your `p2p_in` transaction',
    payload: {
      transaction_id: { type: 'string', format: 'uuid', description: 'Your `p2p_in` transaction' },
      end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The Pix end-to-end id, the same on the payer's side" },
      amount: { type: 'string', format: 'decimal', description: 'The amount received' },
      to_account_id: { type: 'string', format: 'uuid', description: 'Your account credited' },
      from_name: { type: 'string', description: "The payer's name" },
      description: { type: 'string', nullable: true, description: 'The description the payer wrote' },
      created_at: { type: 'string', format: 'date-time', description: 'When the transfer was made' },
    },
  },
} as const satisfies EventDefinitions;

type P2pEventDefinitions = typeof P2P_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends P2pEventDefinitions {}
}

/** P2P's section of the event catalogue (composed in src/events.catalogue.ts). */
export const P2P_EVENT_PART: EventCataloguePart<P2pEventDefinitions> = { title: 'P2P transfers', events: P2P_EVENTS };

const domainEvent = eventConstructor(P2P_EVENTS);

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

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const P2P_EVENT_BUILDERS = { 'p2p.sent': p2pSent, 'p2p.received': p2pReceived } as const;
