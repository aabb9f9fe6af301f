import { Module } from '@nestjs/common';
import { DeliveryLog } from './application/delivery-log.service.js';
import { ReencryptWebhookSecretsUseCase } from './application/reencrypt-webhook-secrets.use-case.js';
import { WebhookDeliveryRepository } from './application/webhook-delivery.repository.js';
import { WebhookSubscriptions } from './application/webhook-subscriptions.service.js';
import { WebhookSigner, WebhookTargetPolicy } from './application/webhook-transport.js';
import { WebhookRepository } from './application/webhook.repository.js';
import { WebhookSecretVault } from './application/webhook-secret-vault.js';
import { DnsWebhookTargetPolicy } from './infrastructure/delivery/dns-target.policy.js';
import { StandardWebhooksSigner } from './infrastructure/delivery/standard-webhooks.signer.js';
import { PixWebhookRepository } from './application/pix-webhook.repository.js';
import { PixWebhooks } from './application/pix-webhooks.service.js';
import { PixCallbackPurger } from './infrastructure/persistence/pix-callback.purger.js';
import { SqlPixWebhookRepository } from './infrastructure/persistence/sql-pix-webhook.repository.js';
import { WebhooksController } from './infrastructure/http/webhooks.controller.js';
import { SecretCipher } from './infrastructure/persistence/secret-cipher.js';
import { WebhookDeliveryPurger } from './infrastructure/persistence/webhook-delivery.purger.js';
import { SqlWebhookDeliveryRepository } from './infrastructure/persistence/sql-webhook-delivery.repository.js';
import { SqlWebhookSecretVault } from './infrastructure/persistence/sql-webhook-secret-vault.js';
import { SqlWebhookRepository } from './infrastructure/persistence/sql-webhook.repository.js';

/**
 * Webhooks (docs/webhooks.md): subscriptions with encrypted signing secrets, the delivery log and resend,
 * and the secrets' move to a new key (`webhooks:reencrypt`); API Pix's own webhooks (`PixWebhooks`, one URL per
 * receiving key, used by the api-pix module's `webhook` resource), kept apart from the subscriptions.
 * Delivery itself (dispatching outbox events, the `webhooks` queue consumer, the rescue sweep) lives in
 * WebhooksWorkerModule, loaded only by worker processes.
 */
@Module({
  controllers: [WebhooksController],
  providers: [
    SecretCipher,
    { provide: WebhookRepository, useClass: SqlWebhookRepository },
    { provide: WebhookDeliveryRepository, useClass: SqlWebhookDeliveryRepository },
    { provide: WebhookTargetPolicy, useClass: DnsWebhookTargetPolicy },
    { provide: WebhookSigner, useClass: StandardWebhooksSigner },
    WebhookSubscriptions,
    DeliveryLog,
    { provide: WebhookSecretVault, useClass: SqlWebhookSecretVault },
    ReencryptWebhookSecretsUseCase,
    WebhookDeliveryPurger,
    { provide: PixWebhookRepository, useClass: SqlPixWebhookRepository },
    PixWebhooks,
    PixCallbackPurger,
  ],
  exports: [WebhookRepository, WebhookDeliveryRepository, WebhookSigner, PixWebhookRepository, PixWebhooks],
})
export class WebhooksModule {}
