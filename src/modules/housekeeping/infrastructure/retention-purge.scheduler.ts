import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { PURGE_INTERVAL_MS } from '../domain/retention.js';
import { RetentionPurgeService } from './retention-purge.service.js';

/** Runs the retention purge every PURGE_INTERVAL_MS in worker processes. */
@Injectable()
export class RetentionPurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionPurgeScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly purge: RetentionPurgeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.appRole === 'api') return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.purge
        .purgeOnce()
        .then((counts) => this.logger.log(counts, 'retention purge'))
        .catch((err: unknown) => this.logger.warn({ err }, 'retention purge failed; will retry'))
        .finally(() => (this.running = undefined));
    }, PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
