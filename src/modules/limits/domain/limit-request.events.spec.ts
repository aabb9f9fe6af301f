import type { PayloadSchema } from '../../../shared/domain/events/event-schema.js';
import { Money } from '../../../shared/money/money.js';
import { LIMIT_PERIODS, LIMIT_TYPES } from './limit-kinds.js';
import { LIMIT_REQUEST_STATUSES } from './limit-request.aggregate.js';
import {
  LIMIT_REQUEST_EVENTS,
  limitRequestApproved,
  limitRequestCreated,
  limitRequestExpired,
  limitRequestRejected,
  type LimitRequestEventSource,
} from './limit-request.events.js';

const REQUEST: LimitRequestEventSource = {
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  clientId: 'c0a80101-0000-4000-8000-000000000004',
  accountId: 'a0a80101-0000-4000-8000-000000000004',
  type: 'pix_out',
  period: 'nighttime',
  currentAmount: Money.of('1000'),
  requestedAmount: Money.of('2500.5'),
  reason: 'travel',
  responseReason: null,
  expiresAt: new Date('2025-06-03T12:00:00.000Z'),
  decidedAt: null,
  effectiveAt: null,
  updatedAt: new Date('2025-06-01T12:00:00.000Z'),
};

const pending = {
  id: REQUEST.id,
  account_id: REQUEST.accountId,
  type: 'pix_out',
  period: 'nighttime',
  current_amount: '1000.00',
  requested_amount: '2500.50',
  reason: 'travel',
  response_reason: null,
  expires_at: '2025-06-03T12:00:00.000Z',
  decided_at: null,
  effective_at: null,
  updated_at: '2025-06-01T12:00:00.000Z',
};

const decided = { ...REQUEST, decidedAt: new Date('2025-06-01T13:00:00.000Z'), updatedAt: new Date('2025-06-01T13:00:00.000Z') };

describe('limit-request event builders', () => {
  it('limit_request.created: internal, pending, nothing decided', () => {
    expect(limitRequestCreated(REQUEST)).toEqual({
      type: 'limit_request.created',
      aggregateId: REQUEST.id,
      clientId: REQUEST.clientId,
      webhook: false,
      payload: { ...pending, status: 'pending' },
    });
  });

  it('limit_request.approved: when it was decided and when it takes effect', () => {
    expect(limitRequestApproved({ ...decided, effectiveAt: new Date('2025-06-02T12:00:00.000Z') })).toEqual({
      type: 'limit_request.approved',
      aggregateId: REQUEST.id,
      clientId: REQUEST.clientId,
      webhook: true,
      payload: {
        ...pending,
        status: 'approved',
        decided_at: '2025-06-01T13:00:00.000Z',
        effective_at: '2025-06-02T12:00:00.000Z',
        updated_at: '2025-06-01T13:00:00.000Z',
      },
    });
  });

  it('limit_request.rejected: with the response reason', () => {
    expect(limitRequestRejected({ ...decided, responseReason: 'income does not support it' })).toEqual({
      type: 'limit_request.rejected',
      aggregateId: REQUEST.id,
      clientId: REQUEST.clientId,
      webhook: true,
      payload: {
        ...pending,
        status: 'rejected',
        response_reason: 'income does not support it',
        decided_at: '2025-06-01T13:00:00.000Z',
        updated_at: '2025-06-01T13:00:00.000Z',
      },
    });
  });

  it('limit_request.expired: never decided', () => {
    const at = new Date('2025-06-03T12:00:00.000Z');
    expect(limitRequestExpired({ ...REQUEST, updatedAt: at })).toEqual({
      type: 'limit_request.expired',
      aggregateId: REQUEST.id,
      clientId: REQUEST.clientId,
      webhook: true,
      payload: { ...pending, status: 'expired', updated_at: '2025-06-03T12:00:00.000Z' },
    });
  });
});

describe('limit-request event schemas', () => {
  const names = Object.keys(LIMIT_REQUEST_EVENTS) as (keyof typeof LIMIT_REQUEST_EVENTS)[];
  const enumOf = (name: keyof typeof LIMIT_REQUEST_EVENTS, field: string) =>
    (LIMIT_REQUEST_EVENTS[name].payload as PayloadSchema)[field]?.enum;

  it("list the module's own values: limit types and periods, and one status each, all of them between them", () => {
    for (const name of names) {
      expect(enumOf(name, 'type')).toEqual(LIMIT_TYPES);
      expect(enumOf(name, 'period')).toEqual(LIMIT_PERIODS);
    }
    expect(names.flatMap((name) => enumOf(name, 'status') ?? []).sort()).toEqual([...LIMIT_REQUEST_STATUSES].sort());
  });
});
