import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventCatalogue } from '../../../shared/domain/events/event-catalogue.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { MAX_WEBHOOKS_PER_CLIENT, subscriptionEvents, Webhook } from '../domain/webhook.aggregate.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhookSigner, WebhookTargetPolicy } from './webhook-transport.js';

export interface WebhookInput {
  url: string;
  events?: string[];
}

const notFound = () => new NotFoundError('Webhook', 'WEBHOOK_NOT_FOUND');

/** Registering, reading, changing, deleting webhooks and rotating their secrets; always the caller's own. */
@Injectable()
export class WebhookSubscriptions {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly policy: WebhookTargetPolicy,
    private readonly signer: WebhookSigner,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    /** The service's events (composed at the root): a subscription names only webhook events. */
    private readonly events: EventCatalogue,
  ) {}

  /** A new webhook and its secret (the only time the secret is shown). */
  async register(clientId: string, input: WebhookInput): Promise<{ webhook: Webhook; secret: string }> {
    const events = subscriptionEvents(input.events, this.events.webhookEventNames);
    await this.policy.check(input.url);
    const secret = this.signer.newSecret();
    const webhook = Webhook.register({ id: randomUUID(), clientId, url: input.url, events, secret, now: this.clock.now() });
    await this.uow.run(async () => {
      if ((await this.webhooks.countForUpdate(clientId)) >= MAX_WEBHOOKS_PER_CLIENT) {
        throw new DomainError('WEBHOOK_LIMIT_REACHED', `You already hold ${MAX_WEBHOOKS_PER_CLIENT} webhooks; delete one first`);
      }
      await this.webhooks.insert(webhook);
    });
    return { webhook, secret };
  }

  list(clientId: string): Promise<Webhook[]> {
    return this.webhooks.listByClient(clientId);
  }

  async get(clientId: string, id: string): Promise<Webhook> {
    const webhook = await this.webhooks.find(clientId, id);
    if (!webhook) throw notFound();
    return webhook;
  }

  /** PUT: replaces the URL and the subscription (omitted events: all); `enabled` turns delivery on or off. */
  async change(clientId: string, id: string, input: WebhookInput & { enabled?: boolean }): Promise<Webhook> {
    const events = subscriptionEvents(input.events, this.events.webhookEventNames);
    await this.get(clientId, id); // an unknown id is 404 before the URL is judged
    await this.policy.check(input.url);
    return this.uow.run(async () => {
      const webhook = await this.webhooks.lock(clientId, id);
      if (!webhook) throw notFound();
      webhook.change({ url: input.url, events, enabled: input.enabled, now: this.clock.now() });
      await this.webhooks.update(webhook);
      return webhook;
    });
  }

  /** Deletes the webhook; deliveries still pending end `failed` when their turn comes. */
  async remove(clientId: string, id: string): Promise<void> {
    if (!(await this.webhooks.softDelete(clientId, id, this.clock.now()))) throw notFound();
  }

  /**
   * A new secret; the old one keeps signing beside it for 24 h (docs/webhooks.md, "Rotating the secret").
   * It is also how a client recovers a webhook whose secret no configured key opens any more.
   */
  async rotateSecret(clientId: string, id: string): Promise<{ webhook: Webhook; secret: string }> {
    const secret = this.signer.newSecret();
    const webhook = await this.uow.run(async () => {
      const locked = await this.webhooks.lock(clientId, id);
      if (!locked) throw notFound();
      locked.rotateSecret(secret, this.clock.now());
      await this.webhooks.updateSecrets(locked);
      return locked;
    });
    return { webhook, secret };
  }
}
