import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppRole } from '../../config/app.config.js';

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

/** Runs `batch` (one claim of at most `size` items, in its own transaction) until a claim comes back short; returns the total. */
export async function drainInBatches(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < size) return total;
  }
}
