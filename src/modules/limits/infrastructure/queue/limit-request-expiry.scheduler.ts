import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { BatchSweep } from '../../../../shared/queue/periodic-task.js';
import { Clock } from '../../../../shared/time/clock.js';
import { EXPIRY_BATCH, ExpireLimitRequestsUseCase } from '../../application/expire-limit-requests.use-case.js';

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires lapsed pending requests every minute in worker processes (APP_ROLE worker or all), so their
 * `limit_request.expired` webhooks go out even if nobody reads them. Claims use SKIP LOCKED: any
 * number of workers can sweep at once without double expiry.
 */
@Injectable()
export class LimitRequestExpiryScheduler extends BatchSweep {
  constructor(
    private readonly expire: ExpireLimitRequestsUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
    clock: Clock,
  ) {
    super({ appRole: config.appRole, everyMs: EXPIRY_SWEEP_INTERVAL_MS, what: 'limit request expiry sweep' }, clock, EXPIRY_BATCH);
  }

  protected sweepBatch(now: Date, limit: number): Promise<number> {
    return this.expire.execute({}, now, { skipLocked: true, limit });
  }
}
