import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveryLog } from './application/delivery-log.service.js';
import { ReencryptWebhookSecretsUseCase } from './application/reencrypt-webhook-secrets.use-case.js';
import { WebhookDeliveryRepository } from './application/webhook-delivery.repository.js';
import { WebhookSubscriptions } from './application/webhook-subscriptions.service.js';
import { WebhookSigner, WebhookTargetPolicy } from './application/webhook-transport.js';
import { WebhookRepository } from './application/webhook.repository.js';
import { WebhookSecretVault } from './application/webhook-secret-vault.js';
import { DnsWebhookTargetPolicy } from './infrastructure/delivery/dns-target.policy.js';
import { StandardWebhooksSigner } from './infrastructure/delivery/standard-webhooks.signer.js';
import { WebhooksController } from './infrastructure/http/webhooks.controller.js';
import { SecretCipher } from './infrastructure/persistence/secret-cipher.js';
import { TypeormWebhookDeliveryRepository } from './infrastructure/persistence/typeorm-webhook-delivery.repository.js';
import { TypeormWebhookSecretVault } from './infrastructure/persistence/typeorm-webhook-secret-vault.js';
import { TypeormWebhookRepository } from './infrastructure/persistence/typeorm-webhook.repository.js';
import {
  WebhookDeliveryAttemptOrmEntity,
  WebhookDeliveryOrmEntity,
  WebhookOrmEntity,
} from './infrastructure/persistence/webhook.orm-entity.js';

/**
 * Webhooks (docs/webhooks.md): subscriptions with encrypted signing secrets, the delivery log and resend,
 * and the secrets' move to a new key (`webhooks:reencrypt`).
 * Delivery itself (dispatching outbox events, the `webhooks` queue consumer, the rescue sweep) lives in
 * WebhooksWorkerModule, loaded only by worker processes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookOrmEntity, WebhookDeliveryOrmEntity, WebhookDeliveryAttemptOrmEntity])],
  controllers: [WebhooksController],
  providers: [
    SecretCipher,
    { provide: WebhookRepository, useClass: TypeormWebhookRepository },
    { provide: WebhookDeliveryRepository, useClass: TypeormWebhookDeliveryRepository },
    { provide: WebhookTargetPolicy, useClass: DnsWebhookTargetPolicy },
    { provide: WebhookSigner, useClass: StandardWebhooksSigner },
    WebhookSubscriptions,
    DeliveryLog,
    { provide: WebhookSecretVault, useClass: TypeormWebhookSecretVault },
    ReencryptWebhookSecretsUseCase,
  ],
  exports: [WebhookRepository, WebhookDeliveryRepository, WebhookSigner],
})
export class WebhooksModule {}
