import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import type { Money } from '../../../shared/money/money.js';

const cashOutSchema = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The cash-out (`transaction_id` in the API)' },
    external_id: { type: 'string', nullable: true, description: 'Your `external_id` for the payment; `null` when it was sent without one' },
    status: { type: 'string', enum: [status], description: `The cash-out's status: always \`${status}\` in this event` },
    amount: { type: 'string', format: 'decimal', description: 'The amount sent' },
    end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The Pix end-to-end id' },
  }) as const;

/** The cash-out's events: name, description, webhook or internal, aggregate, payload schema (docs/events.md). */
export const CASH_OUT_EVENTS = {
  'cash_out.queued': {
    description: 'A cash-out was accepted and waits for the settlement worker (internal: it starts settlement).',
    webhook: false,
    aggregate: 'the cash-out',
    payload: cashOutSchema('queued'),
  },
  'cash_out.processing': {
    description: 'Settlement started: the payment is being sent to the SPI (or settled on-us).',
    webhook: true,
    aggregate: 'the cash-out',
    payload: cashOutSchema('processing'),
  },
  'cash_out.completed': {
    description: 'The payment settled: the blocked amount left the account.',
    webhook: true,
    aggregate: 'the cash-out',
    payload: cashOutSchema('completed'),
  },
  'cash_out.failed': {
    description: 'The payment was rejected: the blocked amount is available again.',
    webhook: true,
    aggregate: 'the cash-out',
    payload: {
      ...cashOutSchema('failed'),
      error_code: {
        type: 'string',
        description:
          'Why (ISO 20022 style: `AC03` invalid creditor account, `AM04` insufficient funds at the receiver, `AB03` timeout, ...)',
      },
      error_message: { type: 'string', description: 'The reason in words (for people; may change)' },
    },
  },
  'cash_out.returned': {
    description: "The recipient's institution sent a completed payment back: `returned_amount` is credited to the account.",
    webhook: true,
    aggregate: 'the cash-out',
    payload: {
      ...cashOutSchema('returned'),
      returned_amount: { type: 'string', format: 'decimal', description: 'The amount sent back (at most `amount`)' },
    },
  },
} as const satisfies EventDefinitions;

type CashOutEventDefinitions = typeof CASH_OUT_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends CashOutEventDefinitions {}
}

/** The cash-out's section of the event catalogue (composed in src/events.catalogue.ts). */
export const CASH_OUT_EVENT_PART: EventCataloguePart<CashOutEventDefinitions> = {
  title: 'Cash-out (outbound Pix)',
  events: CASH_OUT_EVENTS,
};

const domainEvent = eventConstructor(CASH_OUT_EVENTS);

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

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const CASH_OUT_EVENT_BUILDERS = {
  'cash_out.queued': cashOutQueued,
  'cash_out.processing': cashOutProcessing,
  'cash_out.completed': cashOutCompleted,
  'cash_out.failed': cashOutFailed,
  'cash_out.returned': cashOutReturned,
} as const;
