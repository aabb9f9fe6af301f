import type { Webhook, WebhookSubscriber } from '../domain/webhook.aggregate.js';

/** Port to stored webhooks (deleted ones are invisible). Writes join the caller's unit of work. */
export abstract class WebhookRepository {
  abstract insert(webhook: Webhook): Promise<void>;
  /** Saves the URL, the subscription and the status; the stored secrets are left as they are. */
  abstract update(webhook: Webhook): Promise<void>;
  /** Saves the secrets after a rotation (encrypted under the current key). */
  abstract updateSecrets(webhook: Webhook): Promise<void>;
  /**
   * The client's webhook; null when it does not exist, is deleted or is another client's. A secret no
   * configured key opens is read as null (never an error): reading a webhook does not need its secret.
   */
  abstract find(clientId: string, id: string): Promise<Webhook | null>;
  /** As `find`, row-locked until the transaction ends. */
  abstract lock(clientId: string, id: string): Promise<Webhook | null>;
  /** Any client's webhook by id (the delivery worker); null when missing or deleted. */
  abstract findById(id: string): Promise<Webhook | null>;
  /** The client's webhooks, oldest first. */
  abstract listByClient(clientId: string): Promise<Webhook[]>;
  /**
   * How many webhooks the client holds, counted under a per-client transaction lock, so two
   * registrations racing cannot both pass the cap.
   */
  abstract countForUpdate(clientId: string): Promise<number>;
  /** Marks the webhook deleted; false when there was none of this client's. */
  abstract softDelete(clientId: string, id: string, now: Date): Promise<boolean>;
  /** The active webhooks of these clients, as the dispatcher matches them (their secrets are not read). */
  abstract activeOf(clientIds: string[]): Promise<WebhookSubscriber[]>;
}
