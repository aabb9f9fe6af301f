import { Injectable } from '@nestjs/common';
import type { QueueName } from './queue.names.js';

/**
 * Which queues receive which outbox event types. Modules register their consumers' interest at
 * startup; webhook-visible events go to the webhooks queue in addition.
 */
@Injectable()
export class QueueRoutes {
  private readonly routes = new Map<string, Set<QueueName>>();
  private webhookConsumer = false;

  /** Called by the module that delivers webhooks; until then webhook events are not queued. */
  enableWebhookDelivery(): void {
    this.webhookConsumer = true;
  }

  webhookDeliveryEnabled(): boolean {
    return this.webhookConsumer;
  }

  route(eventType: string, queue: QueueName): void {
    const set = this.routes.get(eventType) ?? new Set<QueueName>();
    set.add(queue);
    this.routes.set(eventType, set);
  }

  queuesFor(eventType: string): QueueName[] {
    return [...(this.routes.get(eventType) ?? [])];
  }
}
