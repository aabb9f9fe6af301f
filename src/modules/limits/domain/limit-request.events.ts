import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import type { Money } from '../../../shared/money/money.js';
import { LIMIT_PERIODS, LIMIT_TYPES, type LimitPeriod, type LimitType } from './limit-kinds.js';

const limitRequestSchema = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The limit request (`id` in the API)' },
    account_id: { type: 'string', format: 'uuid', description: 'The account whose cap the request is about' },
    type: { type: 'string', enum: LIMIT_TYPES, description: 'The money flow the cap applies to' },
    period: { type: 'string', enum: LIMIT_PERIODS, description: 'Which of the four caps of that flow' },
    current_amount: { type: 'string', format: 'decimal', description: 'The cap when the request was made' },
    requested_amount: { type: 'string', format: 'decimal', description: 'The cap asked for' },
    reason: { type: 'string', description: "The client's reason; empty when none was given" },
    status: { type: 'string', enum: [status], description: `The request's status: always \`${status}\` in this event` },
    response_reason: { type: 'string', nullable: true, description: "The administrator's reason for a rejection; `null` otherwise" },
    expires_at: { type: 'string', format: 'date-time', description: 'When a request still pending lapses (48 h after it was made)' },
    decided_at: { type: 'string', format: 'date-time', nullable: true, description: 'When it was approved or rejected; `null` otherwise' },
    effective_at: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description:
        'When an approved cap applies to payments: at once for a reduction, max(request + 24 h, approval) for a raise; `null` otherwise',
    },
    updated_at: { type: 'string', format: 'date-time', description: 'When the request last changed' },
  }) as const;

/** The limit requests' events (docs/events.md). */
export const LIMIT_REQUEST_EVENTS = {
  'limit_request.created': {
    description: 'A request to change a cap was opened (internal).',
    webhook: false,
    aggregate: 'the limit request',
    payload: limitRequestSchema('pending'),
  },
  'limit_request.approved': {
    description:
      "The request was approved: the account's cap becomes `requested_amount` at `effective_at` (a raise: an administrator's approval, effective 24 to 48 h after the request; a reduction: at once, without approval).",
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestSchema('approved'),
  },
  'limit_request.rejected': {
    description: 'An administrator rejected the request (`response_reason` says why); the cap is unchanged.',
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestSchema('rejected'),
  },
  'limit_request.expired': {
    description: 'Nobody decided the request within 48 hours: it lapsed and the cap is unchanged.',
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestSchema('expired'),
  },
} as const satisfies EventDefinitions;

type LimitRequestEventDefinitions = typeof LIMIT_REQUEST_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends LimitRequestEventDefinitions {}
}

/** The limits' section of the event catalogue (composed in src/events.catalogue.ts). */
export const LIMIT_REQUEST_EVENT_PART: EventCataloguePart<LimitRequestEventDefinitions> = {
  title: 'Limit requests',
  events: LIMIT_REQUEST_EVENTS,
};

const domainEvent = eventConstructor(LIMIT_REQUEST_EVENTS);

/** What every limit-request event says about the request (a request's snapshot has these fields). */
export interface LimitRequestEventSource {
  id: string;
  clientId: string;
  accountId: string;
  type: LimitType;
  period: LimitPeriod;
  currentAmount: Money;
  requestedAmount: Money;
  reason: string;
  responseReason: string | null;
  expiresAt: Date;
  decidedAt: Date | null;
  effectiveAt: Date | null;
  updatedAt: Date;
}

function limitRequestFields<S extends string>(r: LimitRequestEventSource, status: S) {
  return {
    id: r.id,
    account_id: r.accountId,
    type: r.type,
    period: r.period,
    current_amount: r.currentAmount.toFixed2(),
    requested_amount: r.requestedAmount.toFixed2(),
    reason: r.reason,
    status,
    response_reason: r.responseReason,
    expires_at: r.expiresAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    effective_at: r.effectiveAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}

export function limitRequestCreated(r: LimitRequestEventSource): DomainEvent<'limit_request.created'> {
  return domainEvent('limit_request.created', r.id, r.clientId, limitRequestFields(r, 'pending'));
}

export function limitRequestApproved(r: LimitRequestEventSource): DomainEvent<'limit_request.approved'> {
  return domainEvent('limit_request.approved', r.id, r.clientId, limitRequestFields(r, 'approved'));
}

export function limitRequestRejected(r: LimitRequestEventSource): DomainEvent<'limit_request.rejected'> {
  return domainEvent('limit_request.rejected', r.id, r.clientId, limitRequestFields(r, 'rejected'));
}

export function limitRequestExpired(r: LimitRequestEventSource): DomainEvent<'limit_request.expired'> {
  return domainEvent('limit_request.expired', r.id, r.clientId, limitRequestFields(r, 'expired'));
}

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const LIMIT_REQUEST_EVENT_BUILDERS = {
  'limit_request.created': limitRequestCreated,
  'limit_request.approved': limitRequestApproved,
  'limit_request.rejected': limitRequestRejected,
  'limit_request.expired': limitRequestExpired,
} as const;
