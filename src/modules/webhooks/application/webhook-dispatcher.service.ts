import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { Clock } from '../../../shared/time/clock.js';
import { WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';
import { receives, type WebhookSubscriber } from '../domain/webhook.aggregate.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { WebhookEventFeed, type WebhookEvent } from './webhook-event-feed.js';
import { DELIVER_JOB, queueFirstTries } from './webhook-jobs.js';
import { WebhookRepository } from './webhook.repository.js';

/** The notification body of an event (docs/webhooks.md): `{id, type, created_at, data}`. */
export function notificationBody(event: WebhookEvent): string {
  return JSON.stringify({ id: event.eventId, type: event.type, created_at: event.createdAt.toISOString(), data: event.payload });
}

/**
 * Turns committed webhook events into deliveries: for each event, one delivery per active webhook of the
 * event's client that subscribes to its type, written with the event taken from the intake in one
 * transaction; then the first try of each is queued (job id = delivery id). A crash between the commit
 * and the queueing leaves pending deliveries the rescue sweep queues; several dispatchers never take one
 * event twice (SKIP LOCKED), and a delivery exists once per event and webhook (unique index).
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    private readonly feed: WebhookEventFeed,
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly publisher: JobPublisher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** One batch of events; returns how many events it took. */
  async dispatchBatch(limit: number): Promise<number> {
    const created: WebhookDelivery[] = [];
    const taken = await this.uow.run(async () => {
      const events = await this.feed.claim(limit);
      if (events.length === 0) return 0;
      const clientIds = [...new Set(events.flatMap((e) => (e.clientId ? [e.clientId] : [])))];
      const subscribers = clientIds.length > 0 ? await this.webhooks.activeOf(clientIds) : [];
      const byClient = new Map<string, WebhookSubscriber[]>();
      for (const w of subscribers) byClient.set(w.clientId, [...(byClient.get(w.clientId) ?? []), w]);
      const now = this.clock.now();
      const deliveries = events.flatMap((event) =>
        (byClient.get(event.clientId ?? '') ?? [])
          .filter((w) => receives(w, event.type, event.rowId))
          .map((w) =>
            WebhookDelivery.forEvent({
              id: randomUUID(),
              webhookId: w.id,
              clientId: w.clientId,
              eventId: event.eventId,
              eventType: event.type,
              body: notificationBody(event),
              now,
            }),
          ),
      );
      const inserted = deliveries.length > 0 ? await this.deliveries.insertMany(deliveries) : new Set<string>();
      await this.feed.markDispatched(events.map((e) => e.rowId));
      created.push(...deliveries.filter((d) => inserted.has(d.snapshot.id)));
      return events.length;
    });
    await queueFirstTries(
      this.publisher,
      DELIVER_JOB,
      created.map((d) => d.snapshot),
      (err) => this.logger.warn({ err }, 'webhook delivery not queued; the rescue sweep will queue it'),
    );
    return taken;
  }
}
