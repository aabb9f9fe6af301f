import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DrainLoop } from '../../../../shared/outbox/drain-loop.js';
import { OutboxRelay } from '../../../../shared/outbox/outbox.relay.js';
import { inBackgroundLane } from '../../../../shared/persistence/work-lane.js';
import { WebhookDispatcher } from '../../application/webhook-dispatcher.service.js';

export const DISPATCH_BATCH = 200;

/**
 * Runs the webhook dispatcher in worker processes: woken with the relay (OutboxSignal) as soon as events
 * commit, and every OUTBOX_POLL_MS otherwise.
 */
@Injectable()
export class WebhookDispatchLoop extends DrainLoop {
  constructor(
    private readonly dispatcher: WebhookDispatcher,
    relay: OutboxRelay,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ appRole: config.appRole, pollMs: config.outboxPollMs, batch: DISPATCH_BATCH, what: 'webhook dispatch' });
    relay.follow(() => this.wake());
  }

  protected drainOnce(): Promise<number> {
    return inBackgroundLane(() => this.dispatcher.dispatchBatch(DISPATCH_BATCH));
  }
}
