import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { Gauge } from 'prom-client';
import { SqlSession } from '../persistence/sql-session.js';
import { QUEUE_NAMES, QUEUE_SETTLEMENT, QUEUE_WEBHOOKS, type QueueName } from '../queue/queue.names.js';
import { Clock } from '../time/clock.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

/** Bull's job states, as `getJobCounts` names them (`completed` and `failed` are the jobs Bull still keeps). */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'paused', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Where a scrape reads the backlog from; each is read (and may fail) on its own. */
export type BacklogSource = QueueName | 'outbox';

/** A job as Bull stores it: made at `timestamp` (ms), runnable `delay` ms later. */
export interface WaitingJob {
  timestamp: number;
  delay?: number;
}

export interface QueueReading {
  counts: Record<JobState, number>;
  /** Seconds the oldest waiting job has been runnable; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export interface BacklogReadings {
  queues: Map<QueueName, QueueReading | null>;
  /** Seconds since the oldest unpublished outbox event was written; 0 when none; null when the read failed. */
  outboxLagSeconds: number | null;
}

/** Seconds (to the millisecond) from `since` (ms since the epoch) to `now`; 0 for nothing, never negative. */
export function ageSeconds(now: Date, since: number | null): number {
  if (since === null || !Number.isFinite(since)) return 0;
  return Math.max(0, Math.round(now.getTime() - since) / 1000);
}

/**
 * How long the oldest of `jobs` has been runnable: since it was made plus its delay (a webhook retry waits
 * hours as a delayed job and is late only from then on). A settlement job retried after a timeout keeps
 * its first timestamp, so its age includes its earlier tries.
 */
export function oldestWaitingSeconds(now: Date, jobs: readonly (WaitingJob | null | undefined)[]): number {
  const since = jobs.filter((j): j is WaitingJob => !!j).map((j) => j.timestamp + (Number.isFinite(j.delay) ? (j.delay ?? 0) : 0));
  return since.length === 0 ? 0 : ageSeconds(now, Math.min(...since));
}

/** Each source's reading is cut off after this long: a scrape answers even with Redis or PostgreSQL away. */
const READ_TIMEOUT_MS = 2000;

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

/**
 * The backlog gauges, read at scrape time by `collect()` (nothing runs between scrapes): the settlement
 * and webhooks queues' jobs by state and their oldest waiting job's age, and the outbox lag. They are
 * global readings, the same whichever process answers. One scrape reads each source once (the gauges'
 * collects share the reading), at a bounded cost: per queue one MULTI of counts and one of the two
 * list ends plus at most two job hashes; one indexed SQL statement for the outbox.
 */
@Injectable()
export class BacklogGauges {
  private readonly logger = new Logger(BacklogGauges.name);
  private readonly queues: ReadonlyMap<QueueName, Queue>;
  private reading: Promise<BacklogReadings> | undefined;

  constructor(
    metrics: PrometheusMetrics,
    @InjectQueue(QUEUE_SETTLEMENT) settlement: Queue,
    @InjectQueue(QUEUE_WEBHOOKS) webhooks: Queue,
    private readonly sql: SqlSession,
    private readonly clock: Clock,
  ) {
    this.queues = new Map<QueueName, Queue>([
      [QUEUE_SETTLEMENT, settlement],
      [QUEUE_WEBHOOKS, webhooks],
    ]);
    const registers = [metrics.registry];
    const read = () => this.read();
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each Bull queue by state (global: the same reading from every process)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const { queues } = await read();
        this.reset();
        for (const [queue, r] of queues) if (r) for (const state of JOB_STATES) this.set({ queue, state }, r.counts[state]);
      },
    });
    new Gauge({
      name: 'queue_oldest_waiting_job_age_seconds',
      help: 'Seconds the oldest waiting job of each Bull queue has been runnable; 0 when none waits (global)',
      labelNames: ['queue'],
      registers,
      async collect() {
        const { queues } = await read();
        this.reset();
        for (const [queue, r] of queues) if (r) this.set({ queue }, r.oldestWaitingSeconds);
      },
    });
    new Gauge({
      name: 'outbox_oldest_unpublished_age_seconds',
      help: 'Seconds since the oldest outbox event not yet relayed to the queues was written; 0 when none, NaN when unreadable (global)',
      registers,
      async collect() {
        const { outboxLagSeconds } = await read();
        // A gauge without labels always has a sample: NaN says "unknown", never "no lag".
        this.set(outboxLagSeconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'metrics_backlog_source_up',
      help: 'Whether this scrape could read the source of the backlog gauges (1) or not (0: its queue gauges are left out, the outbox lag is NaN)',
      labelNames: ['source'],
      registers,
      async collect() {
        const { queues, outboxLagSeconds } = await read();
        for (const [queue, r] of queues) this.set({ source: queue }, r ? 1 : 0);
        this.set({ source: 'outbox' }, outboxLagSeconds === null ? 0 : 1);
      },
    });
  }

  /** The readings of the scrape under way: started by the first gauge collected, shared by the others. */
  read(): Promise<BacklogReadings> {
    this.reading ??= this.readAll().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async readAll(): Promise<BacklogReadings> {
    const [outbox, ...queues] = await Promise.all([
      this.guarded('outbox', () => this.outboxLag()),
      ...QUEUE_NAMES.map(async (name) => [name, await this.guarded(name, () => this.readQueue(this.queues.get(name)!))] as const),
    ]);
    return { queues: new Map(queues), outboxLagSeconds: outbox };
  }

  private async readQueue(queue: Queue): Promise<QueueReading> {
    // The next job to run is the far end of the wait (or paused) list: `getWaiting(0, 0)` reads one job of each.
    const [counts, next] = await Promise.all([queue.getJobCounts(), queue.getWaiting(0, 0)]);
    const now = this.clock.now();
    const c = counts as unknown as Partial<Record<JobState, number>>;
    return {
      counts: Object.fromEntries(JOB_STATES.map((s) => [s, c[s] ?? 0])) as Record<JobState, number>,
      oldestWaitingSeconds: oldestWaitingSeconds(now, next),
    };
  }

  /**
   * The head of the relay's line (the lowest id not yet published, served by the partial index
   * `ix_outbox_unpublished`: one index entry read, however long the backlog). Ids and `created_at` rise
   * together up to the length of a transaction, so this is the oldest event to within that.
   */
  private async outboxLag(): Promise<number> {
    const rows = await this.sql.read<{ created_at: Date }>(
      'SELECT created_at FROM outbox_messages WHERE published_at IS NULL ORDER BY id LIMIT 1',
    );
    return ageSeconds(this.clock.now(), rows[0] ? rows[0].created_at.getTime() : null);
  }

  private async guarded<T>(source: BacklogSource, read: () => Promise<T>): Promise<T | null> {
    try {
      return await withTimeout(read(), READ_TIMEOUT_MS);
    } catch (err) {
      this.logger.warn({ err, source }, 'metrics: backlog source unreadable; its gauges are left out of this scrape');
      return null;
    }
  }
}
