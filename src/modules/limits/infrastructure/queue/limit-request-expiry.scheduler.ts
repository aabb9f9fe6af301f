import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { EXPIRY_BATCH, ExpireLimitRequestsUseCase } from '../../application/expire-limit-requests.use-case.js';
import { Clock } from '../../../../shared/time/clock.js';

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires lapsed pending requests every minute in worker processes (APP_ROLE worker or all), so their
 * `limit_request.expired` webhooks go out even if nobody reads them. Claims use SKIP LOCKED: any
 * number of workers can sweep at once without double expiry.
 */
@Injectable()
export class LimitRequestExpiryScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LimitRequestExpiryScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly expire: ExpireLimitRequestsUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.appRole === 'api') return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweepOnce()
        .catch((err: unknown) => this.logger.warn({ err }, 'limit request expiry sweep failed; will retry'))
        .finally(() => (this.running = undefined));
    }, EXPIRY_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Expires every request due at `now`, batch by batch (one transaction each); returns how many. */
  async sweepOnce(now = this.clock.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.expire.execute({}, now, { skipLocked: true, limit: EXPIRY_BATCH });
      total += n;
      if (n < EXPIRY_BATCH) return total;
    }
  }
}
