import { Injectable } from '@nestjs/common';
import type { EventName } from '../domain/events/event-catalogue.js';
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

  /** Sends `eventType` events (a catalogue name: docs/events.md) to `queue`, with that consumer's retry policy. */
  route(eventType: EventName, queue: QueueName, options: PublishOptions = {}): void {
    const byQueue = this.routes.get(eventType) ?? new Map<QueueName, PublishOptions>();
    byQueue.set(queue, options);
    this.routes.set(eventType, byQueue);
  }

  routesFor(eventType: string): Route[] {
    return [...(this.routes.get(eventType) ?? new Map<QueueName, PublishOptions>())].map(([queue, options]) => ({ queue, options }));
  }
}
