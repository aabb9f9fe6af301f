/** An API Pix webhook: the URL a client registered for one of its receiving keys (`PUT /api-pix/v2/webhook/{chave}`). */
export interface PixWebhook {
  id: string;
  clientId: string;
  chave: string;
  url: string;
  createdAt: Date;
}

/** Port to stored API Pix webhooks (docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md). Writes join the caller's unit of work. */
export abstract class PixWebhookRepository {
  /** Registers `url` for the client's key, or replaces the URL of the one registered (its id and creation stay). */
  abstract upsert(webhook: PixWebhook, now: Date): Promise<PixWebhook>;
  /** The client's webhook for the key; null when none (or another client's). */
  abstract find(clientId: string, chave: string): Promise<PixWebhook | null>;
  /** Any client's webhook by id (the callback worker); null when deleted. */
  abstract findById(id: string): Promise<PixWebhook | null>;
  /** Removes the client's webhook for the key; false when there was none. */
  abstract delete(clientId: string, chave: string): Promise<boolean>;
  /** One page of the client's webhooks created in [from, to] (either open), oldest first, and how many there are. */
  abstract list(
    clientId: string,
    window: { from: Date | null; to: Date | null },
    limit: number,
    offset: number,
  ): Promise<{ items: PixWebhook[]; total: number }>;
}
