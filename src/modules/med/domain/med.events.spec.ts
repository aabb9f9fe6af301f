import type { PayloadSchema } from '../../../shared/domain/events/event-schema.js';
import { Money } from '../../../shared/money/money.js';
import { MED_STATUSES } from './med-request.aggregate.js';
import { MED_EVENTS, medApproved, medOpened, type MedRequestSource } from './med.events.js';

const REQUEST: MedRequestSource = {
  id: '7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9',
  clientId: 'c0a80101-0000-4000-8000-000000000005',
  accountId: 'a0a80101-0000-4000-8000-000000000005',
  transactionId: 'b0a80101-0000-4000-8000-000000000005',
  endToEndId: 'E12345678202511201200AbCdEfGhIjK',
  amount: Money.of('50'),
  blockedAmount: Money.of('20.5'),
  reason: null,
  responseReason: null,
  returnTransactionId: null,
  returnEndToEndId: null,
  createdAt: new Date('2025-11-20T12:00:00.000Z'),
  respondBy: new Date('2025-11-27T12:00:00.000Z'),
  respondedAt: null,
};

describe('MED event builders', () => {
  it('med.opened: the request as opened, money with 2 decimals, to the receiver', () => {
    expect(medOpened(REQUEST)).toEqual({
      type: 'med.opened',
      aggregateId: REQUEST.id,
      clientId: REQUEST.clientId,
      webhook: true,
      payload: {
        id: REQUEST.id,
        transaction_id: REQUEST.transactionId,
        end_to_end_id: REQUEST.endToEndId,
        account_id: REQUEST.accountId,
        amount: '50.00',
        blocked_amount: '20.50',
        status: 'OPEN',
        reason: null,
        response_reason: null,
        return_transaction_id: null,
        return_end_to_end_id: null,
        created_at: '2025-11-20T12:00:00.000Z',
        respond_by: '2025-11-27T12:00:00.000Z',
        responded_at: null,
      },
    });
  });

  it('med.approved: names the money sent back', () => {
    const approved = medApproved({
      ...REQUEST,
      returnTransactionId: 'b0a80101-0000-4000-8000-000000000006',
      returnEndToEndId: 'D12345678202511211200AbCdEfGhIjK',
      respondedAt: new Date('2025-11-21T08:30:00.000Z'),
    });
    expect(approved.payload).toMatchObject({
      status: 'APPROVED',
      return_transaction_id: 'b0a80101-0000-4000-8000-000000000006',
      return_end_to_end_id: 'D12345678202511211200AbCdEfGhIjK',
      responded_at: '2025-11-21T08:30:00.000Z',
    });
  });

  it('the schemas give each status of MED_STATUSES to one event', () => {
    const statuses = Object.values(MED_EVENTS).flatMap((def) => (def.payload as PayloadSchema)['status']?.enum ?? []);
    expect(statuses.sort()).toEqual([...MED_STATUSES].sort());
  });
});
