import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { QUEUE_SETTLEMENT } from '../../../shared/queue/queue.names.js';
import { Clock } from '../../../shared/time/clock.js';
import { CashOutRepository } from './cash-out.repository.js';

export const RECONCILE_JOB = 'cash_out.reconcile';
const BATCH = 500;

/**
 * Finds cash-outs left unfinished past RECONCILE_AFTER_MS (a job lost with Redis, dropped after too many
 * stalls, or given up after its last try) and queues one reconciliation job for each. The job id names
 * the payment and the time window, so sweeps of several workers in one window queue it once, and a
 * payment still unfinished in the next window is queued again.
 */
@Injectable()
export class ReconcileCashOutsUseCase {
  constructor(
    private readonly cashOuts: CashOutRepository,
    private readonly jobs: JobPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'reconcileAfterMs' | 'settlementBackoffMs' | 'settlementMaxAttempts'>,
  ) {}

  /** Returns how many payments were queued for reconciliation. */
  async execute(): Promise<number> {
    const now = this.clock.now().getTime();
    const ids = await this.cashOuts.unfinishedBefore(new Date(now - this.config.reconcileAfterMs), BATCH);
    const window = Math.floor(now / this.config.reconcileAfterMs);
    for (const id of ids) {
      await this.jobs.publish(
        QUEUE_SETTLEMENT,
        RECONCILE_JOB,
        { aggregateId: id },
        {
          jobId: `reconcile-${id}-${window}`,
          attempts: this.config.settlementMaxAttempts,
          backoffMs: this.config.settlementBackoffMs,
        },
      );
    }
    return ids.length;
  }
}
