import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppRole } from '../../config/app.config.js';
import type { Clock } from '../time/clock.js';

/**
 * A job a worker process runs on a timer (sweeps, purges): never in an `api`-only process, one run at a
 * time per process (a tick during a run is skipped), a failed run logged and retried on the next tick,
 * and shutdown waits for the run in flight. The runs themselves must be safe with several workers.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly schedule: { appRole: AppRole; everyMs: number; what: string }) {}

  /** One run of the task. */
  protected abstract runOnce(): Promise<unknown>;

  onApplicationBootstrap(): void {
    if (this.schedule.appRole === 'api') return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.log.warn({ err }, `${this.schedule.what} failed; will retry`))
        .finally(() => (this.running = undefined));
    }, this.schedule.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/**
 * A sweep: each run claims due items in batches (one transaction each, claimed with SKIP LOCKED by the
 * subclass) until a claim comes back short. `sweepOnce(now)` runs it at a chosen instant (tests).
 */
export abstract class BatchSweep extends PeriodicTask {
  constructor(
    schedule: { appRole: AppRole; everyMs: number; what: string },
    private readonly clock: Clock,
    private readonly batchSize: number,
  ) {
    super(schedule);
  }

  /** One batch: handles at most `limit` items due at `now`; returns how many. */
  protected abstract sweepBatch(now: Date, limit: number): Promise<number>;

  protected runOnce(): Promise<number> {
    return this.sweepOnce();
  }

  /** Everything due at `now`, batch by batch; returns how many. */
  async sweepOnce(now = this.clock.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.sweepBatch(now, this.batchSize);
      total += n;
      if (n < this.batchSize) return total;
    }
  }
}
