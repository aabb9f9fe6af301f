import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';

/** Port to stored deliveries and their attempts. Writes join the caller's unit of work. */
export abstract class WebhookDeliveryRepository {
  /** Inserts; an event already delivered to that webhook adds nothing. Returns the ids inserted. */
  abstract insertMany(deliveries: WebhookDelivery[]): Promise<Set<string>>;
  abstract update(delivery: WebhookDelivery): Promise<void>;
  abstract find(id: string): Promise<WebhookDelivery | null>;
  /** The client's delivery; null when it does not exist or is another client's. */
  abstract findForClient(clientId: string, id: string): Promise<WebhookDelivery | null>;
  /** Row-locked until the transaction ends; `clientId` restricts it to that client's. */
  abstract lock(id: string, clientId?: string): Promise<WebhookDelivery | null>;
  abstract addAttempt(deliveryId: string, attempt: DeliveryAttempt): Promise<void>;
  /** A delivery's tries, first first. */
  abstract attemptsOf(deliveryId: string): Promise<DeliveryAttempt[]>;
  /** One page of a webhook's deliveries, newest first (all, or in one status), and how many there are (up to PAGE_TOTAL_CAP). */
  abstract list(
    webhookId: string,
    status: DeliveryStatus | null,
    limit: number,
    offset: number,
  ): Promise<{ items: WebhookDelivery[]; total: number }>;
  /** Pending deliveries whose next try was due at `cutoff` or before, most overdue first. */
  abstract overdue(cutoff: Date, limit: number): Promise<WebhookDelivery[]>;
}
