import { AsyncLocalStorage } from 'node:async_hooks';
import type { DomainEvent } from '../domain/domain-event.js';
import { Metrics, type CounterSpec, type OutcomeCounter } from '../metrics/metrics.js';
import { OutboxWriter } from '../outbox/outbox.writer.js';
import { UnitOfWork } from '../persistence/unit-of-work.js';

/**
 * In-memory UnitOfWork for unit tests: runs the work and counts commits (one per outermost
 * `run` that resolves; a nested `run` joins it). By default it reports being in a transaction everywhere, so
 * services that insist on one can be called directly; `{ strict: true }` makes `inTransaction()`
 * true only inside `run`, like the real one.
 */
export class FakeUnitOfWork extends UnitOfWork {
  committed = 0;
  private readonly scope = new AsyncLocalStorage<{ afterCommit: (() => void)[] }>();

  constructor(private readonly options: { strict?: boolean } = {}) {
    super();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return work(); // joins the surrounding one, like the real unit of work
    const store = { afterCommit: [] as (() => void)[] };
    const out = await this.scope.run(store, work);
    this.committed++;
    for (const fn of store.afterCommit) fn();
    return out;
  }

  /** Runs `work`; the fakes keep no transaction state to roll back, so a failure simply propagates. */
  async withSavepoint<T>(work: () => Promise<T>): Promise<T> {
    return work();
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
