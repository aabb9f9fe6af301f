import { AsyncLocalStorage } from 'node:async_hooks';
import type { DomainEvent } from '../domain/domain-event.js';
import { Metrics, type CounterSpec, type OutcomeCounter } from '../metrics/metrics.js';
import { OutboxWriter } from '../outbox/outbox.writer.js';
import { UnitOfWork } from '../persistence/unit-of-work.js';
import { JobPublisher, type PublishOptions } from '../queue/job-publisher.js';
import type { QueueName } from '../queue/queue.names.js';
import { Clock } from '../time/clock.js';

/**
 * State a fake keeps that the FakeUnitOfWork can put back, as Postgres undoes a rolled-back transaction:
 * `restore` is given what `snapshot` returned earlier and makes the fake hold exactly that again.
 */
export interface Rollbackable {
  snapshot(): unknown;
  restore(state: unknown): void;
}

type Container = Map<unknown, unknown> | Set<unknown> | unknown[];

const isContainer = (v: unknown): v is Container => v instanceof Map || v instanceof Set || Array.isArray(v);

/**
 * The state of an in-memory fake as a Rollbackable: every Map, Set and array it holds in its own fields
 * (private ones included), except those named in `keep` (call logs such as `calls` or `asked`, which record
 * what was asked rather than what was stored). Restored in place, so the fake keeps its references.
 *
 * Shallow on purpose: the in-memory stores copy a row in on write and out on read and replace it on
 * update, never changing a stored row in place, so copying the containers is an exact snapshot. A deep
 * copy (`structuredClone`) would not do: rows hold `Money` (big.js) and aggregates, which it would strip of
 * their classes. A fake that mutates stored rows in place must implement Rollbackable itself. Number
 * fields (id sequences) are not put back, as a Postgres sequence is not.
 */
export function inMemoryState(fake: object, options: { keep?: readonly string[] } = {}): Rollbackable {
  const fields = Object.entries(fake)
    .filter(([name, value]) => isContainer(value) && !options.keep?.includes(name))
    .map(([name]) => name);
  if (fields.length === 0) throw new Error(`${fake.constructor.name} holds no Map, Set or array to roll back`);
  const unknownKept = options.keep?.filter((name) => !isContainer((fake as Record<string, unknown>)[name]));
  if (unknownKept?.length) throw new Error(`${fake.constructor.name} has no Map, Set or array named ${unknownKept.join(', ')} to keep`);
  // Read at each call, so a field a test reassigns (`outbox.events = []`) is still the one restored.
  const current = () => fields.map((name) => (fake as Record<string, unknown>)[name] as Container);
  return {
    snapshot: () => current().map((c) => (c instanceof Map ? new Map(c) : c instanceof Set ? new Set(c) : [...c])),
    restore: (state) => {
      const saved = state as Container[];
      current().forEach((c, i) => {
        const s = saved[i]!;
        if (c instanceof Map) {
          c.clear();
          for (const [k, v] of s as Map<unknown, unknown>) c.set(k, v);
        } else if (c instanceof Set) {
          c.clear();
          for (const v of s as Set<unknown>) c.add(v);
        } else {
          c.splice(0, c.length, ...(s as unknown[]));
        }
      });
    },
  };
}

/** One outermost `run` in flight. */
interface OpenRun {
  afterCommit: (() => void)[];
}

/**
 * In-memory UnitOfWork for unit tests: runs the work and counts commits (one per outermost
 * `run` that resolves; a nested `run` joins it). By default it reports being in a transaction everywhere, so
 * services that insist on one can be called directly; `{ strict: true }` makes `inTransaction()`
 * true only inside `run`, like the real one (and `withSavepoint` refuses to run outside it, as the real one does).
 *
 * Rollback is opt-in: fakes registered with `track` (a Rollbackable, e.g. `inMemoryState(fake)`) are put
 * back as they were when the outermost `run` began if its work throws (`rolledBack` counts those), and as
 * they were when a `withSavepoint` began if its work throws, so a test sees what Postgres would have kept.
 * Untracked fakes keep what was written before a failure. Runs that overlap in time (two use cases under
 * `Promise.all`) are not isolated from each other here, so a rollback that would also undo another run's
 * writes throws instead of guessing (its cause is the work's own error).
 */
export class FakeUnitOfWork extends UnitOfWork {
  committed = 0;
  /** Outermost runs whose work threw (their tracked fakes restored). */
  rolledBack = 0;
  private readonly scope = new AsyncLocalStorage<OpenRun>();
  private readonly tracked: Rollbackable[] = [];
  private readonly open = new Set<OpenRun>();
  private runsStarted = 0;

  constructor(private readonly options: { strict?: boolean } = {}) {
    super();
  }

  /** Registers fakes whose state a failed `run` or savepoint puts back; returns this. */
  track(...stores: Rollbackable[]): this {
    this.tracked.push(...stores);
    return this;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return work(); // joins the surrounding one, like the real unit of work
    const store: OpenRun = { afterCommit: [] };
    this.runsStarted++;
    this.open.add(store);
    const alone = this.aloneFromNow(store);
    const before = this.snapshot();
    let out: T;
    try {
      out = await this.scope.run(store, work);
    } catch (err) {
      this.restore(before, err, alone, 'run');
      this.rolledBack++;
      throw err;
    } finally {
      this.open.delete(store);
    }
    this.committed++;
    for (const fn of store.afterCommit) fn();
    return out;
  }

  /**
   * Runs `work`; when it throws, the tracked fakes are put back as they were when it began (ROLLBACK TO
   * SAVEPOINT) and the error propagates, the surrounding run going on with what came before.
   */
  async withSavepoint<T>(work: () => Promise<T>): Promise<T> {
    const run = this.scope.getStore();
    if (!run && this.options.strict) throw new Error('withSavepoint must run inside UnitOfWork.run');
    const alone = this.aloneFromNow(run);
    const before = this.snapshot();
    try {
      return await work();
    } catch (err) {
      this.restore(before, err, alone, 'savepoint');
      throw err;
    }
  }

  inTransaction(): boolean {
    return !this.options.strict || this.scope.getStore() !== undefined;
  }

  /** Transactions that asked not to wait for the WAL flush (see UnitOfWork). */
  unflushedCommits = 0;

  commitWithoutWaitingForFlush(): void {
    if (!this.scope.getStore()) throw new Error('commitWithoutWaitingForFlush must run inside UnitOfWork.run');
    this.unflushedCommits++;
  }

  afterCommit(fn: () => void): void {
    const store = this.scope.getStore();
    if (store) store.afterCommit.push(fn);
    else fn();
  }

  /**
   * Whether, from now until it is asked, no outermost run other than `own` was in flight: none open now,
   * and none started since. Only then does putting the tracked fakes back undo nothing but this work.
   */
  private aloneFromNow(own: OpenRun | undefined): () => boolean {
    const othersOpen = [...this.open].some((r) => r !== own);
    const started = this.runsStarted;
    return () => !othersOpen && this.runsStarted === started;
  }

  private snapshot(): unknown[] {
    return this.tracked.map((t) => t.snapshot());
  }

  private restore(before: unknown[], cause: unknown, alone: () => boolean, what: string): void {
    if (this.tracked.length === 0) return;
    if (!alone()) {
      throw new Error(`FakeUnitOfWork cannot roll back this ${what}: another run overlapped it, and the fakes are not isolated`, {
        cause,
      });
    }
    this.tracked.forEach((t, i) => t.restore(before[i]));
  }
}

/** In-memory OutboxWriter for unit tests: keeps what was appended. */
export class FakeOutbox extends OutboxWriter {
  events: DomainEvent[] = [];

  async append(events: DomainEvent[]): Promise<void> {
    this.events.push(...events);
  }
}

/** In-memory Metrics for unit tests: `count(name, labels)` is how often a counter moved with exactly those labels. */
export class FakeMetrics extends Metrics {
  private readonly counts = new Map<string, number>();

  counter<L extends string>(spec: CounterSpec<L>): OutcomeCounter<L> {
    return {
      inc: (labels) => {
        const key = FakeMetrics.key(spec.name, labels);
        this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      },
    };
  }

  count(name: string, labels: Record<string, string>): number {
    return this.counts.get(FakeMetrics.key(name, labels)) ?? 0;
  }

  /** Every increment of `name`, whatever its labels. */
  total(name: string): number {
    let sum = 0;
    for (const [key, n] of this.counts) if (key.startsWith(`${name}{`)) sum += n;
    return sum;
  }

  private static key(name: string, labels: Readonly<Record<string, string>>): string {
    const sorted = Object.keys(labels)
      .sort()
      .map((k) => `${k}=${labels[k]}`);
    return `${name}{${sorted.join(',')}}`;
  }
}

/** A clock that stands still until `set` or `advance` moves it, for timestamps compared to the millisecond. */
export class FrozenClock extends Clock {
  private at: number;

  constructor(at: Date) {
    super();
    this.at = at.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date): void {
    this.at = at.getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

/** A job as the FakeJobPublisher kept it. */
export interface PublishedJob {
  queue: QueueName;
  name: string;
  data: Record<string, unknown>;
  options: PublishOptions;
}

/**
 * In-memory JobPublisher for unit tests: keeps every job published, in order. `failNext(...errors)` makes the
 * next publishes throw those errors (Redis refusing), one each, in order.
 */
export class FakeJobPublisher extends JobPublisher {
  readonly jobs: PublishedJob[] = [];
  private readonly failures: Error[] = [];

  failNext(...errors: Error[]): this {
    this.failures.push(...errors);
    return this;
  }

  async publish(queue: QueueName, name: string, data: Record<string, unknown>, options: PublishOptions = {}): Promise<void> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.jobs.push({ queue, name, data: { ...data }, options: { ...options } });
  }
}
