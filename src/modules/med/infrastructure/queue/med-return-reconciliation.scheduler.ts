import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { PeriodicTask } from '../../../../shared/queue/periodic-task.js';
import { SettleMedReturnUseCase } from '../../application/settle-med-return.use-case.js';

/** Every RECONCILE_INTERVAL_MS in each worker: finishes MED returns whose job was lost or gave up (like the reversal sweep). */
@Injectable()
export class MedReturnReconciliationScheduler extends PeriodicTask {
  private readonly logger = new Logger(MedReturnReconciliationScheduler.name);

  constructor(
    private readonly settle: SettleMedReturnUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, everyMs: config.reconcileIntervalMs, what: 'MED return reconciliation sweep' });
  }

  protected async runOnce(): Promise<void> {
    const n = await this.settle.reconcileDue();
    if (n > 0) this.logger.warn({ count: n }, 'unfinished MED returns reconciled');
  }
}
