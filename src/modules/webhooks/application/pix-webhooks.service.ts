import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/time/clock.js';
import { PixWebhookRepository, type PixWebhook } from './pix-webhook.repository.js';
import { WebhookTargetPolicy } from './webhook-transport.js';

export type { PixWebhook } from './pix-webhook.repository.js';

/**
 * API Pix webhooks, as the api-pix module's `webhook` resource uses them: one URL per receiving key, apart
 * from the Standard Webhooks subscriptions (no secret, no event list, no limit of 10: one per key). The URL
 * passes the same target policy as a subscription's (HTTPS, no credentials, public addresses, port 443);
 * whether the key is the caller's is the caller's check (api-pix asks the keys module).
 */
@Injectable()
export class PixWebhooks {
  constructor(
    private readonly webhooks: PixWebhookRepository,
    private readonly policy: WebhookTargetPolicy,
    private readonly clock: Clock,
  ) {}

  async register(clientId: string, chave: string, url: string): Promise<PixWebhook> {
    await this.policy.check(url);
    const now = this.clock.now();
    return this.webhooks.upsert({ id: randomUUID(), clientId, chave, url, createdAt: now }, now);
  }

  find(clientId: string, chave: string): Promise<PixWebhook | null> {
    return this.webhooks.find(clientId, chave);
  }

  remove(clientId: string, chave: string): Promise<boolean> {
    return this.webhooks.delete(clientId, chave);
  }

  list(clientId: string, window: { from: Date | null; to: Date | null }, limit: number, offset: number) {
    return this.webhooks.list(clientId, window, limit, offset);
  }
}
