import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import type { Money } from '../../../shared/money/money.js';

/** One status of med-request.aggregate.ts `MED_STATUSES` per event (med.events.spec.ts checks they are all covered). */
const medSchema = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The MED request (`id` in the API)' },
    transaction_id: {
      type: 'string',
      format: 'uuid',
      description: 'The payment you received that the request is about (`cash_in` or `p2p_in`)',
    },
    end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The payment's end-to-end id" },
    account_id: { type: 'string', format: 'uuid', description: 'Your account that received the payment (and holds the block)' },
    amount: { type: 'string', format: 'decimal', description: "The amount claimed back (at most the payment's amount)" },
    blocked_amount: {
      type: 'string',
      format: 'decimal',
      description:
        'What was blocked when the request opened: the smaller of `amount` and your available balance then (may be `"0.00"`); held while the request is `OPEN`, at most 72 hours (`MED_BLOCK_HOURS`)',
    },
    status: { type: 'string', enum: [status], description: `The request's status: always \`${status}\` in this event` },
    reason: { type: 'string', nullable: true, description: "The payer's institution's reason; `null` when none was given" },
    response_reason: {
      type: 'string',
      nullable: true,
      description: 'Your reason when you answered; `null` when none was given or not answered',
    },
    return_transaction_id: {
      type: 'string',
      format: 'uuid',
      nullable: true,
      description:
        'Your `med_return` transaction when an approval sent money back; `null` otherwise (nothing was blocked, or not approved)',
    },
    return_end_to_end_id: {
      type: 'string',
      format: 'end-to-end-id',
      nullable: true,
      description: 'The end-to-end id (`D…`) of the money sent back; `null` when none was',
    },
    created_at: { type: 'string', format: 'date-time', description: 'When the request was opened' },
    respond_by: {
      type: 'string',
      format: 'date-time',
      description: 'The deadline to answer (7 days after opening, `MED_ANALYSIS_DAYS`); unanswered, it closes, not accepted',
    },
    responded_at: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description: 'When you approved or rejected it; `null` otherwise',
    },
  }) as const;

/** MED's events (docs/events.md). */
export const MED_EVENTS = {
  'med.opened': {
    description:
      "The payer's institution opened a MED request against a payment you received: `blocked_amount` of your balance is blocked until it is answered.",
    webhook: true,
    aggregate: 'the MED request',
    payload: medSchema('OPEN'),
  },
  'med.in_analysis': {
    description:
      'A MED request was left unanswered for the 72 hours of its precautionary hold (`MED_BLOCK_HOURS`): the blocked amount is available again, the request is in analysis, and you can still answer it until `respond_by` (an approval then returns what you have available, up to `blocked_amount`).',
    webhook: true,
    aggregate: 'the MED request',
    payload: medSchema('IN_ANALYSIS'),
  },
  'med.approved': {
    description: 'You approved a MED request: the blocked amount was sent back to the payer (your `med_return` transaction).',
    webhook: true,
    aggregate: 'the MED request',
    payload: medSchema('APPROVED'),
  },
  'med.rejected': {
    description: 'You rejected a MED request: the blocked amount is available again.',
    webhook: true,
    aggregate: 'the MED request',
    payload: medSchema('REJECTED'),
  },
  'med.closed': {
    description:
      'A MED request reached its deadline (`respond_by`) unanswered: it closed, not accepted; nothing goes back to the payer, and anything still blocked is available again.',
    webhook: true,
    aggregate: 'the MED request',
    payload: medSchema('CLOSED'),
  },
} as const satisfies EventDefinitions;

type MedEventDefinitions = typeof MED_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends MedEventDefinitions {}
}

/** MED's section of the event catalogue (composed in src/events.catalogue.ts). */
export const MED_EVENT_PART: EventCataloguePart<MedEventDefinitions> = {
  title: 'MED (Mecanismo Especial de Devolução)',
  events: MED_EVENTS,
};

const domainEvent = eventConstructor(MED_EVENTS);

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
  return domainEvent('med.opened', m.id, m.clientId, medPayload(m, 'OPEN'));
}

/** Left unanswered for its hold's time: in analysis, the hold released, still answerable. */
export function medInAnalysis(m: MedRequestSource): DomainEvent<'med.in_analysis'> {
  return domainEvent('med.in_analysis', m.id, m.clientId, medPayload(m, 'IN_ANALYSIS'));
}

/** Approved: the blocked amount went back to the payer. */
export function medApproved(m: MedRequestSource): DomainEvent<'med.approved'> {
  return domainEvent('med.approved', m.id, m.clientId, medPayload(m, 'APPROVED'));
}

/** Rejected: the blocked amount is available again. */
export function medRejected(m: MedRequestSource): DomainEvent<'med.rejected'> {
  return domainEvent('med.rejected', m.id, m.clientId, medPayload(m, 'REJECTED'));
}

/** Unanswered past its deadline: closed, the blocked amount is available again. */
export function medClosed(m: MedRequestSource): DomainEvent<'med.closed'> {
  return domainEvent('med.closed', m.id, m.clientId, medPayload(m, 'CLOSED'));
}

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const MED_EVENT_BUILDERS = {
  'med.opened': medOpened,
  'med.in_analysis': medInAnalysis,
  'med.approved': medApproved,
  'med.rejected': medRejected,
  'med.closed': medClosed,
} as const;
