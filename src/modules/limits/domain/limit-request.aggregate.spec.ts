import { Money } from '../../../shared/money/money.js';
import { LimitRequest } from './limit-request.aggregate.js';

const t0 = new Date('2025-06-01T12:00:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const H = 3_600_000;

const open = (reason?: string) =>
  LimitRequest.open({
    id: 'r1',
    clientId: 'c1',
    accountId: 'a1',
    type: 'pix_out',
    period: 'nighttime',
    currentAmount: Money.of('1000'),
    requestedAmount: Money.of('2500.5'),
    reason,
    now: t0,
  });

describe('LimitRequest', () => {
  it('opens pending for 48 hours with an empty reason when none is given', () => {
    const r = open();
    expect(r.status).toBe('pending');
    expect(r.snapshot.reason).toBe('');
    expect(r.snapshot.expiresAt.toISOString()).toBe('2025-06-03T12:00:00.000Z');
    const [created] = r.pullEvents();
    expect(created).toMatchObject({ type: 'limit_request.created', webhook: false, payload: { requested_amount: '2500.50' } });
    expect(r.pullEvents()).toEqual([]);
  });

  it('approves once, recording who and when, and refuses a second decision', () => {
    const r = open('travel');
    r.pullEvents();
    r.approve('admin-1', later(H));
    expect(r.snapshot).toMatchObject({ status: 'approved', decidedBy: 'admin-1', decidedAt: later(H) });
    expect(r.pullEvents()).toEqual([
      expect.objectContaining({
        type: 'limit_request.approved',
        clientId: 'c1',
        webhook: true,
        payload: expect.objectContaining({ status: 'approved' }),
      }),
    ]);
    expect(() => r.approve('admin-1', later(2 * H))).toThrow(expect.objectContaining({ code: 'LIMIT_REQUEST_NOT_PENDING' }));
    expect(() => r.reject('admin-1', 'no', later(2 * H))).toThrow(expect.objectContaining({ code: 'LIMIT_REQUEST_NOT_PENDING' }));
  });

  it('rejects with the response reason', () => {
    const r = open();
    r.reject('admin-1', 'income does not support it', later(H));
    expect(r.snapshot).toMatchObject({ status: 'rejected', responseReason: 'income does not support it' });
    expect(r.pullEvents().map((e) => e.type)).toEqual(['limit_request.created', 'limit_request.rejected']);
  });

  it('becomes due at expires_at and then refuses decisions', () => {
    const r = open();
    expect(r.isDueAt(later(48 * H - 1))).toBe(false);
    expect(r.isDueAt(later(48 * H))).toBe(true);
    expect(() => r.approve('admin-1', later(48 * H))).toThrow(expect.objectContaining({ code: 'LIMIT_REQUEST_NOT_PENDING' }));
    expect(r.status).toBe('pending');
  });

  it('expires only when due, once', () => {
    const r = open();
    r.pullEvents();
    expect(() => r.expire(later(H))).toThrow(expect.objectContaining({ code: 'LIMIT_REQUEST_NOT_PENDING' }));
    r.expire(later(49 * H));
    expect(r.status).toBe('expired');
    expect(r.pullEvents().map((e) => e.type)).toEqual(['limit_request.expired']);
    expect(() => r.expire(later(50 * H))).toThrow(expect.objectContaining({ code: 'LIMIT_REQUEST_NOT_PENDING' }));
    expect(r.isDueAt(later(50 * H))).toBe(false);
  });
});
