import { Money } from '../../../shared/money/money.js';
import {
  cashOutCompleted,
  cashOutFailed,
  cashOutProcessing,
  cashOutQueued,
  cashOutReturned,
  type CashOutEventSource,
} from './cash-out.events.js';

const CASH_OUT: CashOutEventSource = {
  id: '6f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60',
  clientId: 'c0a80101-0000-4000-8000-000000000001',
  externalId: 'order-42',
  amount: Money.of('150.5'),
  endToEndId: 'E12345678202511201200AbCdEfGhIjK',
};

const base = {
  transaction_id: CASH_OUT.id,
  external_id: 'order-42',
  amount: '150.50',
  end_to_end_id: 'E12345678202511201200AbCdEfGhIjK',
};

describe('cash-out event builders', () => {
  it('cash_out.queued: internal, the payment as queued', () => {
    expect(cashOutQueued(CASH_OUT)).toEqual({
      type: 'cash_out.queued',
      aggregateId: CASH_OUT.id,
      clientId: CASH_OUT.clientId,
      webhook: false,
      payload: { ...base, status: 'queued' },
    });
  });

  it('cash_out.processing and cash_out.completed: webhook events with their status', () => {
    expect(cashOutProcessing(CASH_OUT)).toEqual({
      type: 'cash_out.processing',
      aggregateId: CASH_OUT.id,
      clientId: CASH_OUT.clientId,
      webhook: true,
      payload: { ...base, status: 'processing' },
    });
    expect(cashOutCompleted(CASH_OUT)).toEqual({
      type: 'cash_out.completed',
      aggregateId: CASH_OUT.id,
      clientId: CASH_OUT.clientId,
      webhook: true,
      payload: { ...base, status: 'completed' },
    });
  });

  it('cash_out.failed: adds the error code and message', () => {
    expect(cashOutFailed(CASH_OUT, { code: 'AC03', message: 'Invalid creditor account' })).toEqual({
      type: 'cash_out.failed',
      aggregateId: CASH_OUT.id,
      clientId: CASH_OUT.clientId,
      webhook: true,
      payload: { ...base, status: 'failed', error_code: 'AC03', error_message: 'Invalid creditor account' },
    });
  });

  it('cash_out.returned: adds the returned amount, with 2 decimals', () => {
    expect(cashOutReturned(CASH_OUT, Money.of('4'))).toEqual({
      type: 'cash_out.returned',
      aggregateId: CASH_OUT.id,
      clientId: CASH_OUT.clientId,
      webhook: true,
      payload: { ...base, status: 'returned', returned_amount: '4.00' },
    });
  });

  it('keeps a missing external id as null', () => {
    expect(cashOutCompleted({ ...CASH_OUT, externalId: null }).payload.external_id).toBeNull();
  });
});
