import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { PeriodicTask } from '../../../../shared/queue/periodic-task.js';
import { ReconcileCashOutsUseCase } from '../../application/reconcile-cash-outs.use-case.js';

/**
 * Runs the reconciliation sweep every RECONCILE_INTERVAL_MS in each worker process. A timer in the
 * process, not a Bull repeatable job: the sweep exists for when Redis has lost its jobs, and a
 * repeatable job's schedule lives in Redis too. Several workers sweeping at once queue each payment once.
 */
@Injectable()
export class CashOutReconciliationScheduler extends PeriodicTask {
  private readonly logger = new Logger(CashOutReconciliationScheduler.name);

  constructor(
    private readonly reconcile: ReconcileCashOutsUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, everyMs: config.reconcileIntervalMs, what: 'cash-out reconciliation sweep' });
  }

  protected async runOnce(): Promise<void> {
    const n = await this.reconcile.execute();
    if (n > 0) this.logger.warn({ count: n }, 'unfinished cash-outs queued for reconciliation');
  }
}
