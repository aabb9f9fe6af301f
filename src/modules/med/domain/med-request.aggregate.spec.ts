import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { MedRequest, type OpenMedProps } from './med-request.aggregate.js';
import { MED_TIMELINE_DEFAULTS, type MedTimeline } from './med-timeline.js';

const T0 = new Date('2026-03-10T15:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T: MedTimeline = MED_TIMELINE_DEFAULTS;
/** The regulation's edges: the hold ends 72 h after opening, the analysis 7 days after it. */
const HOLD_ENDS = 72 * HOUR;
const RESPOND_BY = 7 * DAY;

function open(p: Partial<OpenMedProps> = {}): MedRequest {
  return MedRequest.open({
    id: 'm1',
    clientId: 'c1',
    accountId: 'a1',
    transactionId: 't1',
    endToEndId: 'E99999004202603101500AbCdEfGhIjK',
    paymentAmount: Money.of('50.00'),
    receivedAt: new Date(T0.getTime() - DAY),
    timeline: T,
    amount: null,
    available: Money.of('100.00'),
    refundable: Money.of('50.00'),
    reason: null,
    now: T0,
    ...p,
  });
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? e.code : `not a DomainError: ${String(e)}`;
  }
  return undefined;
}

const ret = { transactionId: 'r1', endToEndId: 'D99999004202603101500AbCdEfGhIjK', amount: Money.of('50.00'), onUs: false };

describe('MedRequest', () => {
  it('opens OPEN, claiming the payment amount by default, blocking it whole when available, with med.opened', () => {
    const m = open();
    expect(m.status).toBe('OPEN');
    expect(m.snapshot.amount.toFixed2()).toBe('50.00');
    expect(m.snapshot.blockedAmount.toFixed2()).toBe('50.00');
    expect(m.snapshot.respondBy).toEqual(at(RESPOND_BY));
    expect(m.held().toFixed2()).toBe('50.00');
    const events = m.pullEvents();
    expect(events.map((e) => e.type)).toEqual(['med.opened']);
    expect(events[0]!.payload).toMatchObject({ status: 'OPEN', amount: '50.00', blocked_amount: '50.00', responded_at: null });
  });

  it('blocks min(amount, available): partly, or nothing at all', () => {
    expect(open({ amount: Money.of('30.00'), available: Money.of('12.34') }).snapshot.blockedAmount.toFixed2()).toBe('12.34');
    const none = open({ available: Money.zero() });
    expect(none.snapshot.blockedAmount.toFixed2()).toBe('0.00');
    expect(none.held().isPositive()).toBe(false);
  });

  it('blocks no more than the payment still has to give back (reversals and MED returns share one refundable amount)', () => {
    expect(open({ refundable: Money.of('20.00') }).snapshot.blockedAmount.toFixed2()).toBe('20.00');
    expect(open({ refundable: Money.zero() }).held().isPositive()).toBe(false);
  });

  it('may be opened up to 80 days after the payment, to the millisecond, and not later (MED_CLAIM_WINDOW_CLOSED)', () => {
    const received = (msBefore: number) => new Date(T0.getTime() - msBefore);
    expect(codeOf(() => open({ receivedAt: received(80 * DAY) }))).toBeUndefined();
    expect(codeOf(() => open({ receivedAt: received(80 * DAY + 1) }))).toBe('MED_CLAIM_WINDOW_CLOSED');
    // The window is the configured one.
    const short = { ...T, claimWindowDays: 10 };
    expect(codeOf(() => open({ receivedAt: received(10 * DAY), timeline: short }))).toBeUndefined();
    expect(codeOf(() => open({ receivedAt: received(10 * DAY + 1), timeline: short }))).toBe('MED_CLAIM_WINDOW_CLOSED');
  });

  it('respond_by is the opening plus the configured analysis days', () => {
    expect(open({ timeline: { ...T, analysisDays: 3 } }).snapshot.respondBy).toEqual(at(3 * DAY));
  });

  it('refuses a claim above the payment (MED_AMOUNT_EXCEEDS_PAYMENT); the full amount is fine', () => {
    expect(codeOf(() => open({ amount: Money.of('50.01') }))).toBe('MED_AMOUNT_EXCEEDS_PAYMENT');
    expect(codeOf(() => open({ amount: Money.of('50.00') }))).toBeUndefined();
  });

  it('approve: APPROVED with the return, once; a second answer is MED_ALREADY_RESPONDED', () => {
    const m = open();
    m.pullEvents();
    m.approve({ reason: 'confirmed', ret, now: at(HOUR) });
    expect(m.snapshot).toMatchObject({ status: 'APPROVED', responseReason: 'confirmed', returnTransactionId: 'r1', respondedAt: at(HOUR) });
    expect(m.pullEvents().map((e) => e.type)).toEqual(['med.approved']);
    expect(codeOf(() => m.approve({ reason: null, ret, now: at(2 * HOUR) }))).toBe('MED_ALREADY_RESPONDED');
    expect(codeOf(() => m.reject({ reason: null, now: at(2 * HOUR) }))).toBe('MED_ALREADY_RESPONDED');
    expect(m.pullEvents()).toEqual([]);
  });

  it('an approval returns a positive amount, at most what was blocked, or nothing (a reversal paid it back meanwhile)', () => {
    expect(() => open({ available: Money.zero() }).approve({ reason: null, ret, now: at(HOUR) })).toThrow();
    expect(() => open().approve({ reason: null, ret: { ...ret, amount: Money.of('50.01') }, now: at(HOUR) })).toThrow();
    expect(() => open().approve({ reason: null, ret: { ...ret, amount: Money.zero() }, now: at(HOUR) })).toThrow();
    const part = open();
    part.approve({ reason: null, ret: { ...ret, amount: Money.of('20.00') }, now: at(HOUR) });
    expect(part.snapshot).toMatchObject({ status: 'APPROVED', returnTransactionId: 'r1' });
    const released = open();
    released.approve({ reason: null, ret: null, now: at(HOUR) });
    expect(released.snapshot).toMatchObject({ status: 'APPROVED', returnTransactionId: null });
    const none = open({ available: Money.zero() });
    none.approve({ reason: null, ret: null, now: at(HOUR) });
    expect(none.snapshot).toMatchObject({ status: 'APPROVED', returnTransactionId: null, returnEndToEndId: null });
  });

  it('the return: completed at once on-us, processing through the SPI otherwise, then completed or failed once', () => {
    const onUs = open();
    onUs.approve({ reason: null, ret: { ...ret, onUs: true }, now: at(HOUR) });
    expect(onUs.snapshot).toMatchObject({ returnStatus: 'completed', returnAmount: Money.of('50.00') });
    expect(onUs.isReturnProcessing()).toBe(false);
    expect(() => onUs.finishReturn({ status: 'completed' }, at(2 * HOUR))).toThrow();
    for (const outcome of ['completed', 'failed'] as const) {
      const external = open();
      external.approve({ reason: null, ret, now: at(HOUR) });
      expect(external.snapshot).toMatchObject({ returnStatus: 'processing', returnAmount: Money.of('50.00') });
      expect(external.isReturnProcessing()).toBe(true);
      external.pullEvents();
      const answer = outcome === 'completed' ? { status: outcome } : { status: outcome, failure: { code: 'AB03', message: 'timeout' } };
      external.finishReturn(answer, at(2 * HOUR));
      expect(external.snapshot).toMatchObject({ status: 'APPROVED', returnStatus: outcome, updatedAt: at(2 * HOUR) });
      expect(() => external.finishReturn(answer, at(3 * HOUR))).toThrow();
    }
    const nothing = open();
    nothing.approve({ reason: null, ret: null, now: at(HOUR) });
    expect(nothing.snapshot).toMatchObject({ returnStatus: null, returnAmount: null });
  });

  it('reject: REJECTED with med.rejected; then final', () => {
    const m = open();
    m.pullEvents();
    m.reject({ reason: null, now: at(HOUR) });
    expect(m.status).toBe('REJECTED');
    expect(m.pullEvents().map((e) => e.type)).toEqual(['med.rejected']);
    expect(codeOf(() => m.reject({ reason: null, now: at(HOUR) }))).toBe('MED_ALREADY_RESPONDED');
    expect(m.close(at(RESPOND_BY))).toBeNull();
    expect(m.endHold(at(HOLD_ENDS), T)).toBeNull();
    expect(m.held().isPositive()).toBe(false);
  });

  it('reject while OPEN gives back what the hold kept, to be released', () => {
    expect(
      open()
        .reject({ reason: null, now: at(HOUR) })
        .toFixed2(),
    ).toBe('50.00');
  });

  it('the hold ends 72 h after opening unanswered (not a millisecond before): IN_ANALYSIS, the held amount to release, still answerable', () => {
    const m = open();
    m.pullEvents();
    expect(m.isHoldDue(at(HOLD_ENDS - 1), T)).toBe(false);
    expect(m.endHold(at(HOLD_ENDS - 1), T)).toBeNull();
    expect(m.status).toBe('OPEN');
    expect(m.endHold(at(HOLD_ENDS), T)?.toFixed2()).toBe('50.00');
    expect(m.status).toBe('IN_ANALYSIS');
    expect(m.held().toFixed2()).toBe('0.00');
    expect(m.snapshot.blockedAmount.toFixed2()).toBe('50.00');
    expect(m.pullEvents().map((e) => e.type)).toEqual(['med.in_analysis']);
    expect(m.endHold(at(HOLD_ENDS + HOUR), T)).toBeNull();
    // Nothing is held any more: a rejection releases nothing.
    expect(m.reject({ reason: 'legitimate', now: at(HOLD_ENDS + HOUR) }).toFixed2()).toBe('0.00');
    expect(m.status).toBe('REJECTED');
  });

  it('the hold lasts the configured hours', () => {
    const m = open();
    const short = { ...T, blockHours: 24 };
    expect(m.endHold(at(24 * HOUR - 1), short)).toBeNull();
    expect(m.endHold(at(24 * HOUR), short)?.toFixed2()).toBe('50.00');
  });

  it('unanswered at respond_by (7 days, not a millisecond before): CLOSED with med.closed, releasing what is still held; an answer then is refused', () => {
    for (const analysed of [false, true]) {
      const m = open();
      if (analysed) m.endHold(at(HOLD_ENDS), T);
      m.pullEvents();
      expect(m.close(at(RESPOND_BY - 1))).toBeNull();
      expect(codeOf(() => m.approve({ reason: null, ret, now: at(RESPOND_BY) }))).toBe('MED_ALREADY_RESPONDED');
      // Past both deadlines (a sweep that stood still), closing comes first.
      expect(m.isHoldDue(at(RESPOND_BY), T)).toBe(false);
      // Still OPEN (no sweep ran), the hold is released now; IN_ANALYSIS, it already was.
      expect(m.close(at(RESPOND_BY))?.toFixed2()).toBe(analysed ? '0.00' : '50.00');
      expect(m.snapshot).toMatchObject({ status: 'CLOSED', respondedAt: null, updatedAt: at(RESPOND_BY) });
      expect(m.pullEvents().map((e) => e.type)).toEqual(['med.closed']);
      expect(m.close(at(RESPOND_BY + HOUR))).toBeNull();
    }
  });
});

describe('MedRequest.statementEntry: its `med_return` line follows the return', () => {
  it('no line while nothing was returned: open, in analysis, rejected, closed, or approved with nothing to give back', () => {
    expect(open().statementEntry()).toBeNull();
    const rejected = open();
    rejected.reject({ reason: null, now: at(HOUR) });
    expect(rejected.statementEntry()).toBeNull();
    const closed = open();
    closed.close(at(RESPOND_BY));
    expect(closed.statementEntry()).toBeNull();
    const nothing = open();
    nothing.approve({ reason: null, ret: null, now: at(HOUR) });
    expect(nothing.statementEntry()).toBeNull();
  });

  it('approved on-us: completed at the approval', () => {
    const m = open();
    m.approve({ reason: null, ret: { ...ret, onUs: true }, now: at(HOUR) });
    expect(m.statementEntry()).toEqual({ transactionId: 'r1', status: 'completed', at: at(HOUR), failure: null });
  });

  it('through the SPI: processing at the approval, then completed, or failed with the scheme reason code and message', () => {
    const settled = open();
    settled.approve({ reason: null, ret, now: at(HOUR) });
    expect(settled.statementEntry()).toEqual({ transactionId: 'r1', status: 'processing', at: at(HOUR), failure: null });
    settled.finishReturn({ status: 'completed' }, at(2 * HOUR));
    expect(settled.statementEntry()).toEqual({ transactionId: 'r1', status: 'completed', at: at(2 * HOUR), failure: null });
    const refused = open();
    refused.approve({ reason: null, ret, now: at(HOUR) });
    refused.finishReturn({ status: 'failed', failure: { code: 'AC03', message: 'Invalid account' } }, at(2 * HOUR));
    expect(refused.statementEntry()).toEqual({
      transactionId: 'r1',
      status: 'failed',
      at: at(2 * HOUR),
      failure: { code: 'AC03', message: 'Invalid account' },
    });
  });
});
