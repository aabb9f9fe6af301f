import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { PeriodicTask } from '../../../shared/queue/periodic-task.js';
import { PURGE_INTERVAL_MS } from '../domain/retention.js';
import { RetentionPurgeService } from './retention-purge.service.js';

/** Runs the retention purge every PURGE_INTERVAL_MS in worker processes. */
@Injectable()
export class RetentionPurgeScheduler extends PeriodicTask {
  private readonly logger = new Logger(RetentionPurgeScheduler.name);

  constructor(
    private readonly purge: RetentionPurgeService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, everyMs: PURGE_INTERVAL_MS, what: 'retention purge' });
  }

  protected async runOnce(): Promise<void> {
    this.logger.log(await this.purge.purgeOnce(), 'retention purge');
  }
}
