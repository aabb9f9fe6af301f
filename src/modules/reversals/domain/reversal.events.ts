import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import { REFUND_CODES, type RefundCode } from '../../../shared/domain/refund-code.js';
import type { Money } from '../../../shared/money/money.js';

const reversalSchema = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The reversal (`id` in the API)' },
    external_id: { type: 'string', description: 'Your `external_id` for the reversal' },
    original_end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The payment reversed' },
    refund_end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The return id (`D` + ISPB + time + 11 characters)' },
    amount: { type: 'string', format: 'decimal', description: 'The amount given back' },
    refund_code: { type: 'string', enum: REFUND_CODES, description: 'The reason code' },
    status: { type: 'string', enum: [status], description: `The reversal's status: always \`${status}\` in this event` },
  }) as const;

/** The reversals' events (docs/events.md). */
export const REVERSAL_EVENTS = {
  'reversal.queued': {
    description: 'Internal: a reversal of a payment from another institution waits for the settlement worker.',
    webhook: false,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: reversalSchema('queued'),
  },
  'reversal.completed': {
    description: 'A reversal you made reached the original payer: the money left your account.',
    webhook: true,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: reversalSchema('completed'),
  },
  'reversal.failed': {
    description: "A reversal you made was refused by the payer's institution; the held amount is available again.",
    webhook: true,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: {
      ...reversalSchema('failed'),
      error_code: { type: 'string', description: 'ISO 20022 style reason (e.g. `AC03`)' },
      error_message: { type: 'string', description: 'Why it failed' },
    },
  },
} as const satisfies EventDefinitions;

type ReversalEventDefinitions = typeof REVERSAL_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends ReversalEventDefinitions {}
}

/** The reversals' section of the event catalogue (composed in src/events.catalogue.ts). */
export const REVERSAL_EVENT_PART: EventCataloguePart<ReversalEventDefinitions> = {
  title: 'Reversals (refunds of received payments)',
  events: REVERSAL_EVENTS,
};

const domainEvent = eventConstructor(REVERSAL_EVENTS);

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

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const REVERSAL_EVENT_BUILDERS = {
  'reversal.queued': reversalQueued,
  'reversal.completed': reversalCompleted,
  'reversal.failed': reversalFailed,
} as const;
