import { Module } from '@nestjs/common';
import { DeliverWebhookUseCase } from './application/deliver-webhook.use-case.js';
import { DeliveryRescue } from './application/delivery-rescue.service.js';
import { WebhookDispatcher } from './application/webhook-dispatcher.service.js';
import { WebhookEventFeed } from './application/webhook-event-feed.js';
import { WebhookSender } from './application/webhook-transport.js';
import { HttpsWebhookSender } from './infrastructure/delivery/https-webhook.sender.js';
import { SqlWebhookEventFeed } from './infrastructure/persistence/sql-webhook-event-feed.js';
import { DeliveryRescueScheduler } from './infrastructure/queue/delivery-rescue.scheduler.js';
import { WebhookDeliveryProcessor } from './infrastructure/queue/webhook-delivery.processor.js';
import { WebhookDispatchLoop } from './infrastructure/queue/webhook-dispatch.loop.js';
import { WebhooksModule } from './webhooks.module.js';

/** Webhook delivery; imported only by processes with APP_ROLE worker or all. */
@Module({
  imports: [WebhooksModule],
  providers: [
    { provide: WebhookSender, useClass: HttpsWebhookSender },
    { provide: WebhookEventFeed, useClass: SqlWebhookEventFeed },
    WebhookDispatcher,
    DeliverWebhookUseCase,
    DeliveryRescue,
    WebhookDispatchLoop,
    WebhookDeliveryProcessor,
    DeliveryRescueScheduler,
  ],
})
export class WebhooksWorkerModule {}
