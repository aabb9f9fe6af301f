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
import { DeliverPixCallbackUseCase } from './application/deliver-pix-callback.use-case.js';
import { PixCallbackDispatcher } from './application/pix-callback-dispatcher.service.js';
import { PixCallbackRescue } from './application/pix-callback-rescue.service.js';
import { PixCallbackFeed, PixCallbackRepository } from './application/pix-callbacks.js';
import { SqlPixCallbackFeed, SqlPixCallbackRepository } from './infrastructure/persistence/sql-pix-callbacks.js';
import { PixCallbackDispatchLoop } from './infrastructure/queue/pix-callback-dispatch.loop.js';

/** Webhook delivery and API Pix callbacks; imported only by processes with APP_ROLE worker or all. */
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
    // API Pix callbacks: their own intake, table and dispatcher, the same sender, queue, consumer and rescue.
    { provide: PixCallbackFeed, useClass: SqlPixCallbackFeed },
    { provide: PixCallbackRepository, useClass: SqlPixCallbackRepository },
    PixCallbackDispatcher,
    DeliverPixCallbackUseCase,
    PixCallbackRescue,
    PixCallbackDispatchLoop,
  ],
})
export class WebhooksWorkerModule {}
