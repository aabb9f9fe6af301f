import type { Queue } from 'bull';
import type { SqlSession } from '../persistence/sql-session.js';
import { SettableClock } from '../time/settable-clock.js';
import { ageSeconds, BacklogGauges, oldestWaitingSeconds } from './backlog-gauges.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const T = NOW.getTime();

describe('ageSeconds', () => {
  it('is the time since `since` in seconds, to the millisecond; 0 for nothing and never negative', () => {
    expect(ageSeconds(NOW, T - 90_500)).toBe(90.5);
    expect(ageSeconds(NOW, null)).toBe(0);
    expect(ageSeconds(NOW, T + 5_000)).toBe(0);
    expect(ageSeconds(NOW, Number.NaN)).toBe(0);
  });
});

describe('oldestWaitingSeconds', () => {
  it('counts from when each job became runnable (made + delay) and takes the oldest', () => {
    const retry = { timestamp: T - 3_600_000, delay: 3_570_000 }; // made an hour ago, runnable 30 s ago
    const fresh = { timestamp: T - 12_000 };
    expect(oldestWaitingSeconds(NOW, [retry, fresh])).toBe(30);
    expect(oldestWaitingSeconds(NOW, [fresh, null])).toBe(12);
  });

  it('is 0 when nothing waits', () => {
    expect(oldestWaitingSeconds(NOW, [])).toBe(0);
    expect(oldestWaitingSeconds(NOW, [null, undefined])).toBe(0);
  });
});

/** A Bull queue as far as the gauges read it. */
function fakeQueue(counts: Record<string, number>, waiting: { timestamp: number; delay?: number }[], calls: string[], name: string) {
  return {
    getJobCounts: async () => {
      calls.push(`${name} counts`);
      return counts;
    },
    getWaiting: async (start: number, end: number) => {
      calls.push(`${name} waiting ${start}..${end}`);
      return waiting;
    },
  } as unknown as Queue;
}

describe('BacklogGauges', () => {
  const counts = { waiting: 3, active: 1, delayed: 2, paused: 0, failed: 4, completed: 50 };

  function setup(outbox: () => Promise<{ created_at: Date }[]>, webhooks?: Queue) {
    const calls: string[] = [];
    const metrics = new PrometheusMetrics();
    const clock = new SettableClock(NOW);
    const sql = {
      read: async (text: string) => {
        calls.push(`sql ${text}`);
        return outbox();
      },
    } as unknown as SqlSession;
    new BacklogGauges(
      metrics,
      fakeQueue(counts, [{ timestamp: T - 42_000 }], calls, 'settlement'),
      webhooks ?? fakeQueue({ ...counts, waiting: 0 }, [], calls, 'webhooks'),
      sql,
      clock,
    );
    return { metrics, calls, clock };
  }

  it('reads every source once per scrape, at scrape time, into the gauges', async () => {
    const { metrics, calls } = setup(async () => [{ created_at: new Date(T - 7_000) }]);
    expect(calls).toEqual([]); // nothing runs between scrapes
    const text = await metrics.registry.metrics();
    expect(calls.filter((c) => c.startsWith('sql'))).toEqual([
      'sql SELECT created_at FROM outbox_messages WHERE published_at IS NULL ORDER BY id LIMIT 1',
    ]);
    expect(calls.filter((c) => !c.startsWith('sql')).sort()).toEqual([
      'settlement counts',
      'settlement waiting 0..0',
      'webhooks counts',
      'webhooks waiting 0..0',
    ]);
    expect(text).toContain('queue_jobs{queue="settlement",state="waiting"} 3');
    expect(text).toContain('queue_jobs{queue="settlement",state="completed"} 50');
    expect(text).toContain('queue_jobs{queue="webhooks",state="waiting"} 0');
    expect(text).toContain('queue_oldest_waiting_job_age_seconds{queue="settlement"} 42');
    expect(text).toContain('queue_oldest_waiting_job_age_seconds{queue="webhooks"} 0');
    expect(text).toContain('outbox_oldest_unpublished_age_seconds 7');
    expect(text).toContain('metrics_backlog_source_up{source="outbox"} 1');
  });

  it('measures ages on the injected clock', async () => {
    const { metrics, clock } = setup(async () => [{ created_at: new Date(T - 7_000) }]);
    clock.advance(3_600_000);
    const text = await metrics.registry.metrics();
    expect(text).toContain('outbox_oldest_unpublished_age_seconds 3607');
    expect(text).toContain('queue_oldest_waiting_job_age_seconds{queue="settlement"} 3642');
  });

  it('an empty outbox is a lag of 0', async () => {
    const { metrics } = setup(async () => []);
    expect(await metrics.registry.metrics()).toContain('outbox_oldest_unpublished_age_seconds 0');
  });

  it('a source that cannot be read leaves its queue gauges out (the outbox lag NaN) and reports it down; the others still answer', async () => {
    const broken = {
      getJobCounts: async () => {
        throw new Error('redis away');
      },
      getWaiting: async () => [],
    } as unknown as Queue;
    const { metrics } = setup(async () => {
      throw new Error('database away');
    }, broken);
    const text = await metrics.registry.metrics();
    expect(text).toContain('metrics_backlog_source_up{source="webhooks"} 0');
    expect(text).toContain('metrics_backlog_source_up{source="outbox"} 0');
    expect(text).toContain('metrics_backlog_source_up{source="settlement"} 1');
    expect(text).not.toMatch(/queue_jobs\{queue="webhooks"/);
    // prom-client writes `Nan`, which Prometheus reads as NaN (any case).
    expect(text).toMatch(/^outbox_oldest_unpublished_age_seconds NaN$/im);
    expect(text).toContain('queue_jobs{queue="settlement",state="waiting"} 3');
  });
});
