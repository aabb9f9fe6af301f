import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { ReconcileCashOutsUseCase } from '../../application/reconcile-cash-outs.use-case.js';

/**
 * Runs the reconciliation sweep every RECONCILE_INTERVAL_MS in each worker process. A timer in the
 * process, not a Bull repeatable job: the sweep exists for when Redis has lost its jobs, and a
 * repeatable job's schedule lives in Redis too. Several workers sweeping at once queue each payment once.
 */
@Injectable()
export class CashOutReconciliationScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CashOutReconciliationScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly reconcile: ReconcileCashOutsUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.appRole === 'api') return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.reconcile
        .execute()
        .then((n) => n > 0 && this.logger.warn({ count: n }, 'unfinished cash-outs queued for reconciliation'))
        .catch((err: unknown) => this.logger.warn({ err }, 'cash-out reconciliation sweep failed; will retry'))
        .finally(() => (this.running = undefined));
    }, this.config.reconcileIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
