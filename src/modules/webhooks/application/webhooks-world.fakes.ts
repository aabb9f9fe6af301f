import { loadConfig } from '../../../config/app.config.js';
import { FakeJobPublisher, FakeMetrics, FakeUnitOfWork, FrozenClock, inMemoryState } from '../../../shared/testing/kernel.fakes.js';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case.js';
import { DeliveryLog } from './delivery-log.service.js';
import { DeliveryRescue } from './delivery-rescue.service.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import type { WebhookEvent } from './webhook-event-feed.js';
import { WebhookSubscriptions } from './webhook-subscriptions.service.js';
import {
  FakeSigner,
  FakeWebhookEventFeed,
  HttpsOnlyPolicy,
  InMemoryWebhookDeliveries,
  InMemoryWebhooks,
  ScriptedSender,
  TEST_EVENT_CATALOGUE,
} from './webhooks.fakes.js';

/** 12:00 in São Paulo (UTC-3) on 2026-03-10. */
export const NOON = new Date('2026-03-10T15:00:00.000Z');
export const MARIA = 'client-maria';
export const JOAO = 'client-joao';

/**
 * The webhook services wired as production wires them, every port in memory: the dispatcher's intake,
 * the webhooks and deliveries, a scripted target, a signer whose signature names what it signed, the job
 * queue. Retries follow WEBHOOK_RETRY_SCHEDULE=5,300 (two retries: three tries in all); the rescue sweep
 * takes tries overdue by 120 s. The unit of work is strict and rolls back the webhooks, the deliveries and
 * the feed. The clock stands still at NOON until moved.
 */
export function webhooksWorld() {
  const config = loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5,300', WEBHOOK_RESCUE_AFTER_MS: '120000' });
  const clock = new FrozenClock(NOON);
  const uow = new FakeUnitOfWork({ strict: true });
  const feed = new FakeWebhookEventFeed();
  const webhooks = new InMemoryWebhooks(() => feed.head());
  const deliveries = new InMemoryWebhookDeliveries();
  const sender = new ScriptedSender();
  const signer = new FakeSigner();
  const publisher = new FakeJobPublisher();
  const metrics = new FakeMetrics();
  uow.track(inMemoryState(webhooks), inMemoryState(deliveries, { keep: ['locked'] }), inMemoryState(feed));
  const subscriptions = new WebhookSubscriptions(webhooks, new HttpsOnlyPolicy(), signer, uow, clock, TEST_EVENT_CATALOGUE);

  return {
    config,
    clock,
    uow,
    feed,
    webhooks,
    deliveries,
    sender,
    publisher,
    metrics,
    subscriptions,
    dispatcher: new WebhookDispatcher(feed, webhooks, deliveries, publisher, uow, clock),
    deliver: new DeliverWebhookUseCase(deliveries, webhooks, sender, signer, publisher, uow, clock, config, metrics),
    log: new DeliveryLog(webhooks, deliveries, publisher, uow, clock),
    rescue: new DeliveryRescue(deliveries, publisher, config),

    /** Registers a webhook of `clientId` (every event unless `events` names some); its id and secret. */
    async subscribe(clientId: string, events?: string[], url = 'https://hooks.example.com/pix') {
      const { webhook, secret } = await subscriptions.register(clientId, { url, ...(events ? { events } : {}) });
      return { id: webhook.snapshot.id, secret };
    },

    /** A committed webhook event of `clientId`. */
    event(clientId: string | null, type: string, payload: Record<string, unknown> = { transaction_id: 'tx-1' }): WebhookEvent {
      return feed.record({ eventId: `evt-${feed.events.length + 1}`, type, clientId, payload, createdAt: clock.now() });
    },
  };
}

export type WebhooksWorld = ReturnType<typeof webhooksWorld>;
