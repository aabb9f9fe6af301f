import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { PeriodicTask } from '../../../../shared/queue/periodic-task.js';
import { ReconcileReversalsUseCase } from '../../application/reconcile-reversals.use-case.js';

/** Every RECONCILE_INTERVAL_MS in each worker: finishes reversals whose job was lost or gave up (a timer, like the cash-out sweep). */
@Injectable()
export class ReversalReconciliationScheduler extends PeriodicTask {
  private readonly logger = new Logger(ReversalReconciliationScheduler.name);

  constructor(
    private readonly reconcile: ReconcileReversalsUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, everyMs: config.reconcileIntervalMs, what: 'reversal reconciliation sweep' });
  }

  protected async runOnce(): Promise<void> {
    const n = await this.reconcile.execute();
    if (n > 0) this.logger.warn({ count: n }, 'unfinished reversals reconciled');
  }
}
