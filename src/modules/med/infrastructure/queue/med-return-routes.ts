import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { QueueRoutes } from '../../../../shared/queue/queue-routes.js';

/**
 * Sends approvals to the settlement queue: one job per approved request, retried like a cash-out. The
 * job sends the return to another institution; for an on-us return (already credited) or an approval
 * that returned nothing it finds nothing to do.
 */
@Injectable()
export class MedReturnRoutes implements OnModuleInit {
  constructor(
    private readonly routes: QueueRoutes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.routes.route('med.approved', QUEUE_SETTLEMENT, {
      attempts: this.config.settlementMaxAttempts,
      backoffMs: this.config.settlementBackoffMs,
    });
  }
}
