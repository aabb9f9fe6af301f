import { Injectable } from '@nestjs/common';
import type { PublishOptions } from './job-publisher.js';
import type { QueueName } from './queue.names.js';

export interface Route {
  queue: QueueName;
  options: PublishOptions;
}

/**
 * Which queues receive which outbox event types. Modules register their consumers' interest at
 * startup. Webhook events are not routed here (see OutboxRelay).
 */
@Injectable()
export class QueueRoutes {
  private readonly routes = new Map<string, Map<QueueName, PublishOptions>>();

  /** Sends `eventType` events to `queue`, with that consumer's retry policy. */
  route(eventType: string, queue: QueueName, options: PublishOptions = {}): void {
    const byQueue = this.routes.get(eventType) ?? new Map<QueueName, PublishOptions>();
    byQueue.set(queue, options);
    this.routes.set(eventType, byQueue);
  }

  routesFor(eventType: string): Route[] {
    return [...(this.routes.get(eventType) ?? new Map<QueueName, PublishOptions>())].map(([queue, options]) => ({ queue, options }));
  }
}
