import { DomainError } from '../../../shared/errors/domain-error.js';
import { outcomeKind, WebhookDelivery, type AttemptOutcome } from './webhook-delivery.aggregate.js';

const T0 = new Date('2026-03-10T15:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const SCHEDULE = [5000, 300_000];

const answered = (httpStatus: number): AttemptOutcome => ({ kind: 'answered', httpStatus, latencyMs: 12.6 });
const timeout: AttemptOutcome = { kind: 'unanswered', error: 'timeout', latencyMs: 15000 };

function delivery(): WebhookDelivery {
  return WebhookDelivery.forEvent({
    id: 'd1',
    webhookId: 'w1',
    clientId: 'c1',
    eventId: 'e1',
    eventType: 'cash_in.completed',
    body: '{}',
    now: T0,
  });
}

function tryAt(d: WebhookDelivery, outcome: AttemptOutcome, ms: number, resend = false) {
  return d.recordAttempt(outcome, { startedAt: at(ms), now: at(ms + 20), schedule: SCHEDULE, resend });
}

describe('WebhookDelivery', () => {
  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [301, 'retryable'],
    [400, 'retryable'],
    [410, 'gone'],
    [500, 'retryable'],
  ])('an answer %i is %s', (status, kind) => {
    expect(outcomeKind(answered(status))).toBe(kind);
  });

  it('awaits try 1 first, then the next number only', () => {
    const d = delivery();
    expect(d.awaits(1)).toBe(true);
    expect(d.awaits(2)).toBe(false);
    tryAt(d, answered(500), 0);
    expect(d.awaits(1)).toBe(false);
    expect(d.awaits(2)).toBe(true);
  });

  it('retries on the schedule after each failure, then fails after the last try', () => {
    const d = delivery();
    const first = tryAt(d, timeout, 0);
    expect(first.decision).toEqual({ kind: 'retry', retryAt: at(20 + 5000) });
    expect(first.attempt).toEqual({
      attempt: 1,
      resend: false,
      attemptedAt: at(0),
      httpStatus: null,
      latencyMs: 15000,
      error: 'timeout',
    });
    expect(d.snapshot).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: at(5020),
      lastError: 'timeout',
    });
    expect(tryAt(d, answered(503), 6000).decision).toEqual({ kind: 'retry', retryAt: at(6020 + 300_000) });
    const last = tryAt(d, answered(503), 400_000);
    expect(last.decision).toEqual({ kind: 'failed' });
    expect(last.attempt.error).toBe('HTTP 503');
    expect(d.snapshot).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptAt: null, lastHttpStatus: 503 });
  });

  it('a 2xx delivers; a 410 fails at once (the webhook is to be disabled)', () => {
    const ok = delivery();
    const r = tryAt(ok, answered(202), 0);
    expect(r.decision).toEqual({ kind: 'delivered' });
    expect(r.attempt).toMatchObject({ httpStatus: 202, error: null, latencyMs: 13 });
    expect(ok.snapshot).toMatchObject({ status: 'delivered', deliveredAt: at(20), nextAttemptAt: null });
    const gone = delivery();
    expect(tryAt(gone, answered(410), 0).decision).toEqual({ kind: 'gone' });
    expect(gone.snapshot.status).toBe('failed');
  });

  it('resend: a failed delivery gets another try (one, once its schedule is spent); a delivered one is refused', () => {
    const d = delivery();
    for (const ms of [0, 10_000, 400_000]) tryAt(d, answered(500), ms);
    expect(d.snapshot.status).toBe('failed');
    expect(d.resend(at(500_000))).toBe(4);
    expect(d.snapshot).toMatchObject({ status: 'pending', resendCount: 1, nextAttemptAt: at(500_000) });
    expect(tryAt(d, answered(500), 500_000, true).decision).toEqual({ kind: 'failed' });
    d.resend(at(600_000));
    const ok = tryAt(d, answered(200), 600_000, true);
    expect(ok.attempt).toMatchObject({ attempt: 5, resend: true });
    expect(() => d.resend(at(700_000))).toThrow(DomainError);
  });

  it('a failure cut short by a 410 resumes its schedule when resent', () => {
    const d = delivery();
    tryAt(d, answered(410), 0);
    expect(d.resend(at(1000))).toBe(2);
    expect(tryAt(d, answered(500), 1000, true).decision).toEqual({ kind: 'retry', retryAt: at(1020 + 300_000) });
  });

  it('is abandoned when its webhook stops, only while pending', () => {
    const d = delivery();
    d.abandon('webhook deleted', at(1));
    expect(d.snapshot).toMatchObject({ status: 'failed', lastError: 'webhook deleted', nextAttemptAt: null });
    const done = delivery();
    tryAt(done, answered(200), 0);
    done.abandon('webhook deleted', at(1));
    expect(done.snapshot.status).toBe('delivered');
  });
});
