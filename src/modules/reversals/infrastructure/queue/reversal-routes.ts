import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { QueueRoutes } from '../../../../shared/queue/queue-routes.js';

/** Sends reversals to another institution to the settlement queue: one job per reversal, retried like a cash-out. */
@Injectable()
export class ReversalRoutes implements OnModuleInit {
  constructor(
    private readonly routes: QueueRoutes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.routes.route('reversal.queued', QUEUE_SETTLEMENT, {
      attempts: this.config.settlementMaxAttempts,
      backoffMs: this.config.settlementBackoffMs,
    });
  }
}
