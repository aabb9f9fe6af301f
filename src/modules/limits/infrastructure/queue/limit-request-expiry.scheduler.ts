import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { drainInBatches, PeriodicTask } from '../../../../shared/queue/periodic-task.js';
import { Clock } from '../../../../shared/time/clock.js';
import { EXPIRY_BATCH, ExpireLimitRequestsUseCase } from '../../application/expire-limit-requests.use-case.js';

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires lapsed pending requests every minute in worker processes (APP_ROLE worker or all), so their
 * `limit_request.expired` webhooks go out even if nobody reads them. Claims use SKIP LOCKED: any
 * number of workers can sweep at once without double expiry.
 */
@Injectable()
export class LimitRequestExpiryScheduler extends PeriodicTask {
  constructor(
    private readonly expire: ExpireLimitRequestsUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    super({ appRole: config.appRole, everyMs: EXPIRY_SWEEP_INTERVAL_MS, what: 'limit request expiry sweep' });
  }

  protected runOnce(): Promise<number> {
    return this.sweepOnce();
  }

  /** Expires every request due at `now`, batch by batch (one transaction each); returns how many. */
  async sweepOnce(now = this.clock.now()): Promise<number> {
    return drainInBatches(EXPIRY_BATCH, () => this.expire.execute({}, now, { skipLocked: true, limit: EXPIRY_BATCH }));
  }
}
