import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { Reversal, type ReversalProps } from './reversal.aggregate.js';

const T0 = new Date('2026-03-10T15:00:00.000Z');
const DAY = 86_400_000;
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return 'accepted';
};

const base: Omit<ReversalProps, 'status' | 'errorCode' | 'errorMessage' | 'completedAt' | 'updatedAt' | 'payeeTransactionId'> = {
  id: '11111111-1111-4111-8111-111111111111',
  clientId: 'client-bruno',
  accountId: 'acc-bruno',
  externalId: 'refund-1',
  originalTransactionId: '22222222-2222-4222-8222-222222222222',
  originalEndToEndId: 'E00000000202603101500AbCdEfGhIjK',
  refundEndToEndId: 'D99999004202603101500AbCdEfGhIjK',
  amount: Money.of('10.00'),
  refundCode: 'MD06',
  reason: null,
  customerMessage: null,
  userMetadata: null,
  tags: [],
  payee: { name: 'Carla', document: '', ispb: '00000000', participantName: 'BCB', branch: '', account: '', accountType: 'checking' },
  createdAt: T0,
};

describe('Reversal', () => {
  describe('assertReversible', () => {
    const totals = { amount: Money.of('100.00'), alreadyRefunded: Money.of('60.00'), receivedAt: T0 };

    it('accepts up to what is left of the payment, within 90 days of receiving it', () => {
      expect(codeOf(() => Reversal.assertReversible(totals, Money.of('40.00'), new Date(T0.getTime() + 90 * DAY)))).toBe('accepted');
    });

    it('refuses a cent more than what is left (REFUND_EXCEEDS_AVAILABLE)', () => {
      expect(codeOf(() => Reversal.assertReversible(totals, Money.of('40.01'), T0))).toBe('REFUND_EXCEEDS_AVAILABLE');
    });

    it('refuses after 90 days (REVERSAL_WINDOW_CLOSED)', () => {
      expect(codeOf(() => Reversal.assertReversible(totals, Money.of('1.00'), new Date(T0.getTime() + 90 * DAY + 1)))).toBe(
        'REVERSAL_WINDOW_CLOSED',
      );
    });
  });

  it('on-us: born completed, with reversal.completed', () => {
    const r = Reversal.completedOnUs({ ...base, payeeTransactionId: '33333333-3333-4333-8333-333333333333' });
    expect(r.snapshot).toMatchObject({ status: 'completed', completedAt: T0 });
    expect(r.pullEvents().map((e) => e.type)).toEqual(['reversal.completed']);
  });

  it('external: queued -> processing -> completed, each once', () => {
    const r = Reversal.queued(base);
    expect(r.pullEvents().map((e) => [e.type, (e.payload as Record<string, unknown>)['status']])).toEqual([['reversal.queued', 'queued']]);
    expect(codeOf(() => r.complete(T0))).toBe('INVALID_STATE_TRANSITION');
    r.startProcessing(T0);
    r.complete(new Date(T0.getTime() + 1000));
    expect(r.snapshot).toMatchObject({ status: 'completed', completedAt: new Date(T0.getTime() + 1000) });
    expect(codeOf(() => r.fail('AC03', 'x', T0))).toBe('INVALID_STATE_TRANSITION');
    expect(r.pullEvents().map((e) => e.type)).toEqual(['reversal.completed']);
  });

  it('external: a refusal fails it with the code, and reversal.failed carries it', () => {
    const r = Reversal.queued(base);
    r.pullEvents();
    r.startProcessing(T0);
    r.fail('AC03', 'Invalid account', T0);
    expect(r.snapshot).toMatchObject({ status: 'failed', errorCode: 'AC03', errorMessage: 'Invalid account', completedAt: null });
    expect(r.pullEvents().map((e) => [e.type, (e.payload as Record<string, unknown>)['error_code']])).toEqual([
      ['reversal.failed', 'AC03'],
    ]);
  });
});

describe('Reversal.statementEntry: its `reversal_out` line follows it', () => {
  const later = (ms: number) => new Date(T0.getTime() + ms);

  it('queued, then processing, then completed: the line takes each status at the moment of the move, with no failure', () => {
    const r = Reversal.queued(base);
    expect(r.statementEntry()).toEqual({ transactionId: base.id, status: 'queued', at: T0, failure: null });
    r.startProcessing(later(1_000));
    expect(r.statementEntry()).toEqual({ transactionId: base.id, status: 'processing', at: later(1_000), failure: null });
    r.complete(later(2_000));
    expect(r.statementEntry()).toEqual({ transactionId: base.id, status: 'completed', at: later(2_000), failure: null });
  });

  it('a failed reversal: the line carries its failure code and message', () => {
    const r = Reversal.queued(base);
    r.startProcessing(later(1_000));
    r.fail('AC03', 'Invalid account', later(3_000));
    expect(r.statementEntry()).toEqual({
      transactionId: base.id,
      status: 'failed',
      at: later(3_000),
      failure: { code: 'AC03', message: 'Invalid account' },
    });
  });

  it('on-us: born completed, at its creation', () => {
    expect(Reversal.completedOnUs({ ...base, payeeTransactionId: 'p1' }).statementEntry()).toEqual({
      transactionId: base.id,
      status: 'completed',
      at: T0,
      failure: null,
    });
  });
});
