import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { Clock } from '../../../shared/time/clock.js';
import { pixCallbackBody, receivedPixOf } from '../domain/pix-callback.js';
import { WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';
import { PixCallbackFeed, PixCallbackRepository } from './pix-callbacks.js';
import { PIX_CALLBACK_JOB, queueFirstTries } from './webhook-jobs.js';

/**
 * Turns waiting payments into API Pix callbacks, as WebhookDispatcher does for subscriptions: in one
 * transaction it claims intake rows (SKIP LOCKED: several dispatchers never take one twice), writes one
 * callback per payment with its body fixed once (every try sends the same bytes) and deletes the rows; then
 * queues each first try (job id = callback id). A crash between the commit and the queueing leaves pending
 * callbacks the rescue sweep queues.
 */
@Injectable()
export class PixCallbackDispatcher {
  private readonly logger = new Logger(PixCallbackDispatcher.name);

  constructor(
    private readonly feed: PixCallbackFeed,
    private readonly callbacks: PixCallbackRepository,
    private readonly publisher: JobPublisher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async dispatchBatch(limit: number): Promise<number> {
    const created: WebhookDelivery[] = [];
    const taken = await this.uow.run(async () => {
      const events = await this.feed.claim(limit);
      if (events.length === 0) return 0;
      const now = this.clock.now();
      const callbacks = events.flatMap((e) => {
        const pix = receivedPixOf(e.payload, e.createdAt);
        if (!e.webhookId || !pix) return [];
        return [
          WebhookDelivery.forEvent({
            id: randomUUID(),
            webhookId: e.webhookId,
            clientId: e.clientId,
            eventId: e.eventId,
            eventType: 'cash_in.completed',
            body: pixCallbackBody(pix),
            now,
          }),
        ];
      });
      const inserted = callbacks.length > 0 ? await this.callbacks.insertMany(callbacks) : new Set<string>();
      await this.feed.markDispatched(events.map((e) => e.rowId));
      created.push(...callbacks.filter((c) => inserted.has(c.snapshot.id)));
      return events.length;
    });
    await queueFirstTries(
      this.publisher,
      PIX_CALLBACK_JOB,
      created.map((c) => c.snapshot),
      (err) => this.logger.warn({ err }, 'API Pix callback not queued; the rescue sweep will queue it'),
    );
    return taken;
  }
}
