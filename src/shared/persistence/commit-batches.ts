import { AsyncLocalStorage } from 'node:async_hooks';

/** One unit of work waiting for a batch: the group whose rows it locks first (a client), and its caller's promise. */
export interface BatchEntry {
  group: string;
  work: () => Promise<unknown>;
  /** Runs `fn` in its caller's async context (its request's logging, lanes), not the batch's. */
  enter: <R>(fn: () => R) => R;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface CommitBatchOptions {
  /** How long the first unit of work of a batch waits for others (0: the rest of this turn of the event loop). */
  windowMs: number;
  /** A batch closes at once when it holds this many. */
  maxSize: number;
  /** Batches running at once; while all run, new units of work wait for the next one. */
  concurrency: number;
}

/**
 * When concurrent units of work become one database transaction (docs/adr/0246-group-commit.md). A unit of
 * work waits at most `windowMs` for others, or none when `maxSize` are waiting; while `concurrency` batches
 * run, arrivals gather for the next, which starts as soon as one of them ends. `run` settles every entry of
 * its batch itself (each caller gets its own answer); a batch that throws fails those it left unsettled.
 */
export class CommitBatches {
  private waiting: BatchEntry[] = [];
  private running = 0;
  private timer: { cancel(): void } | null = null;

  constructor(
    private readonly options: CommitBatchOptions,
    private readonly run: (entries: BatchEntry[]) => Promise<void>,
  ) {}

  /** Batches running now. */
  get inFlight(): number {
    return this.running;
  }

  /** Units of work waiting for a batch. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  submit(group: string, work: () => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ group, work, enter: AsyncLocalStorage.snapshot(), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running >= this.options.concurrency) return; // the batch that ends next starts the waiting ones
    if (this.waiting.length >= this.options.maxSize) return this.close();
    if (this.timer) return;
    this.timer = this.after(this.options.windowMs, () => {
      this.timer = null;
      this.close();
    });
  }

  private after(ms: number, fn: () => void): { cancel(): void } {
    if (ms <= 0) {
      const handle = setImmediate(fn);
      return { cancel: () => clearImmediate(handle) };
    }
    const handle = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(handle) };
  }

  /** Starts batches from the waiting units of work, as many as the free slots allow. */
  private close(): void {
    this.timer?.cancel();
    this.timer = null;
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxSize);
      this.running++;
      void this.run(batch)
        .catch((err: unknown) => {
          // Settling twice is harmless: those the batch answered keep their answer.
          for (const entry of batch) entry.reject(err);
        })
        .finally(() => {
          this.running--;
          // What gathered while every slot was busy starts now, without another window.
          if (this.waiting.length > 0) this.close();
        });
    }
  }
}
