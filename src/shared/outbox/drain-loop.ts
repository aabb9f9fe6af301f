import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppRole } from '../../config/app.config.js';

/**
 * A worker loop that drains a backlog batch by batch: a full batch runs the next at once, a short one
 * waits `pollMs` (or until `wake()`, e.g. on a database notification). One batch at a time per process;
 * a failed batch is logged and retried on the next turn; never in an `api`-only process; shutdown waits
 * for the batch in flight. The batches themselves must be safe with several workers (SKIP LOCKED claims).
 */
export abstract class DrainLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | undefined;
  protected stopped = false;
  private running: Promise<void> | undefined;
  /** A wake-up arrived while a batch was running: run again right after it. */
  private pending = false;

  constructor(private readonly loop: { appRole: AppRole; pollMs: number; batch: number; what: string }) {}

  /** One batch; returns how many items it handled (a full batch means more may be waiting). */
  protected abstract drainOnce(): Promise<number>;

  onApplicationBootstrap(): void {
    if (this.loop.appRole === 'api') return;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a batch now (or right after the one running). */
  wake(): void {
    if (this.stopped || this.loop.appRole === 'api') return;
    if (this.running) {
      this.pending = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let handled = 0;
    try {
      handled = await this.drainOnce();
    } catch (err) {
      this.logger.warn({ err }, `${this.loop.what} failed; will retry`);
    }
    const again = handled === this.loop.batch || this.pending;
    this.pending = false;
    this.schedule(again ? 0 : this.loop.pollMs);
  }
}
