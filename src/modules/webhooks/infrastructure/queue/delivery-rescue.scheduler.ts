import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { inBackgroundLane } from '../../../../shared/persistence/work-lane.js';
import { PeriodicTask } from '../../../../shared/queue/periodic-task.js';
import { Clock } from '../../../../shared/time/clock.js';
import { DELIVERY_RESCUE_BATCH, DeliveryRescue } from '../../application/delivery-rescue.service.js';
import { PixCallbackRescue } from '../../application/pix-callback-rescue.service.js';

/**
 * Every half WEBHOOK_RESCUE_AFTER_MS (at most every minute), each worker queues again the deliveries (and API Pix
 * callbacks) whose job was lost. A timer, not a Bull repeatable job: it exists for when Redis lost its jobs.
 */
@Injectable()
export class DeliveryRescueScheduler extends PeriodicTask {
  constructor(
    private readonly rescue: DeliveryRescue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly pixRescue: PixCallbackRescue,
  ) {
    super({
      appRole: config.appRole,
      everyMs: Math.max(100, Math.min(60_000, Math.floor(config.webhookRescueAfterMs / 2))),
      what: 'webhook delivery rescue',
    });
  }

  /** One pass at `now` (tests call it directly): deliveries, then API Pix callbacks. */
  runOnce(now = this.clock.now()): Promise<number> {
    return inBackgroundLane(async () => {
      const deliveries = await this.rescue.rescue(now, DELIVERY_RESCUE_BATCH);
      return deliveries + (await this.pixRescue.rescue(now, DELIVERY_RESCUE_BATCH));
    });
  }
}
