import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DrainLoop } from '../../../../shared/outbox/drain-loop.js';
import { OutboxRelay } from '../../../../shared/outbox/outbox.relay.js';
import { inBackgroundLane } from '../../../../shared/persistence/work-lane.js';
import { PixCallbackDispatcher } from '../../application/pix-callback-dispatcher.service.js';
import { DISPATCH_BATCH } from './webhook-dispatch.loop.js';

/** Runs the API Pix callback dispatcher in worker processes, woken as the webhook dispatcher is. */
@Injectable()
export class PixCallbackDispatchLoop extends DrainLoop {
  constructor(
    private readonly dispatcher: PixCallbackDispatcher,
    relay: OutboxRelay,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, pollMs: config.outboxPollMs, batch: DISPATCH_BATCH, what: 'API Pix callback dispatch' });
    relay.follow(() => this.wake());
  }

  protected drainOnce(): Promise<number> {
    return inBackgroundLane(() => this.dispatcher.dispatchBatch(DISPATCH_BATCH));
  }
}
