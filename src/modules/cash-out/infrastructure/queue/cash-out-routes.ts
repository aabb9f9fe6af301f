import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { QueueRoutes } from '../../../../shared/queue/queue-routes.js';

/** Sends queued cash-outs to settlement: one job per payment. */
@Injectable()
export class CashOutRoutes implements OnModuleInit {
  constructor(
    private readonly routes: QueueRoutes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const retry = { attempts: this.config.settlementMaxAttempts, backoffMs: this.config.settlementBackoffMs };
    this.routes.route('cash_out.queued', QUEUE_SETTLEMENT, retry);
  }
}
