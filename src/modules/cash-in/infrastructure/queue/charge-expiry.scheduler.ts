import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { BatchSweep } from '../../../../shared/queue/periodic-task.js';
import { Clock } from '../../../../shared/time/clock.js';
import { CHARGE_EXPIRY_BATCH, ExpireChargesUseCase } from '../../application/expire-charges.use-case.js';

export const CHARGE_EXPIRY_SWEEP_INTERVAL_MS = 30_000;

/**
 * Expires lapsed pending charges every 30 s in worker processes (APP_ROLE worker or all), so their
 * `cash_in.expired` webhooks go out even if nobody reads the charge. A timer in each worker rather than a Bull
 * repeatable job, like the other sweeps (docs/adr/0104-expiry-happens-three-ways-once.md): it keeps running while
 * Redis is away. Claims use SKIP LOCKED, so several workers sweeping at once never expire a charge twice.
 */
@Injectable()
export class ChargeExpiryScheduler extends BatchSweep {
  constructor(
    private readonly expire: ExpireChargesUseCase,
    @Inject(APP_CONFIG) config: AppConfig,
    clock: Clock,
  ) {
    super({ appRole: config.appRole, everyMs: CHARGE_EXPIRY_SWEEP_INTERVAL_MS, what: 'charge expiry sweep' }, clock, CHARGE_EXPIRY_BATCH);
  }

  protected sweepBatch(now: Date, limit: number): Promise<number> {
    return this.expire.execute(now, limit);
  }
}
