import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { notificationBody } from './webhook-dispatcher.service.js';
import { JOAO, MARIA, NOON, webhooksWorld, type WebhooksWorld } from './webhooks-world.fakes.js';

Logger.overrideLogger(false);

describe('WebhookDispatcher', () => {
  let w: WebhooksWorld;

  beforeEach(() => {
    w = webhooksWorld();
  });

  /** Which webhooks got a delivery of which event, as `webhook event`. */
  const delivered = () => w.deliveries.all().map((d) => `${d.snapshot.webhookId} ${d.snapshot.eventId}`);

  it('delivers an event to each active webhook of its client subscribed to its type, and queues each first try', async () => {
    const all = await w.subscribe(MARIA);
    const cashIn = await w.subscribe(MARIA, ['cash_in.completed']);
    await w.subscribe(MARIA, ['p2p.sent']);
    await w.subscribe(JOAO);
    const event = w.event(MARIA, 'cash_in.completed', { transaction_id: 'tx-1', amount: '10.00' });

    expect(await w.dispatcher.dispatchBatch(100)).toBe(1);

    expect(delivered()).toEqual([`${all.id} ${event.eventId}`, `${cashIn.id} ${event.eventId}`]);
    const [first, second] = w.deliveries.all().map((d) => d.snapshot);
    expect(first).toMatchObject({
      clientId: MARIA,
      eventType: 'cash_in.completed',
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: NOON,
      body: JSON.stringify({ id: event.eventId, type: 'cash_in.completed', created_at: NOON.toISOString(), data: event.payload }),
    });
    expect(first!.body).toBe(notificationBody(event));
    expect(w.publisher.jobs).toEqual(
      [first!, second!].map((d) => ({
        queue: 'webhooks',
        name: 'webhook.deliver',
        data: { deliveryId: d.id, webhookId: d.webhookId, clientId: MARIA, attempt: 1, resend: false },
        options: { attempts: 1000, backoffStrategy: 'webhook', jobId: d.id },
      })),
    );
    expect(w.feed.events.map((e) => e.dispatched)).toEqual([true]);
  });

  it('a disabled or deleted webhook gets nothing', async () => {
    const disabled = await w.subscribe(MARIA);
    const deleted = await w.subscribe(MARIA);
    const active = await w.subscribe(MARIA);
    await w.subscriptions.change(MARIA, disabled.id, { url: 'https://hooks.example.com/pix', enabled: false });
    await w.subscriptions.remove(MARIA, deleted.id);
    const event = w.event(MARIA, 'p2p.received');

    await w.dispatcher.dispatchBatch(100);

    expect(delivered()).toEqual([`${active.id} ${event.eventId}`]);
  });

  it('an event recorded before a webhook was registered is not delivered to it', async () => {
    w.event(MARIA, 'cash_in.completed');
    const hook = await w.subscribe(MARIA);
    const fresh = w.event(MARIA, 'cash_in.completed');

    expect(await w.dispatcher.dispatchBatch(100)).toBe(2);

    expect(delivered()).toEqual([`${hook.id} ${fresh.eventId}`]);
  });

  it('an event of no client reaches no webhook, and is taken all the same', async () => {
    await w.subscribe(MARIA);
    w.event(null, 'cash_in.completed');

    expect(await w.dispatcher.dispatchBatch(100)).toBe(1);
    expect(delivered()).toEqual([]);
    expect(w.publisher.jobs).toEqual([]);
    expect(await w.dispatcher.dispatchBatch(100)).toBe(0);
  });

  it('takes at most `limit` events per batch, oldest first, and never takes an event twice', async () => {
    const hook = await w.subscribe(MARIA);
    const events = [w.event(MARIA, 'p2p.sent'), w.event(MARIA, 'p2p.received'), w.event(MARIA, 'p2p.sent')];

    expect(await w.dispatcher.dispatchBatch(2)).toBe(2);
    expect(delivered()).toEqual(events.slice(0, 2).map((e) => `${hook.id} ${e.eventId}`));
    expect(await w.dispatcher.dispatchBatch(2)).toBe(1);
    expect(await w.dispatcher.dispatchBatch(2)).toBe(0);
    expect(w.publisher.jobs).toHaveLength(3);
  });

  it('an event dispatched a second time (its mark lost) adds no second delivery and queues nothing', async () => {
    await w.subscribe(MARIA);
    w.event(MARIA, 'p2p.sent');
    await w.dispatcher.dispatchBatch(100);
    w.feed.events[0] = { ...w.feed.events[0]!, dispatched: false };

    expect(await w.dispatcher.dispatchBatch(100)).toBe(1);

    expect(w.deliveries.all()).toHaveLength(1);
    expect(w.publisher.jobs).toHaveLength(1);
  });

  it('a dispatch whose transaction fails leaves no delivery and the events untaken; the next batch delivers and queues each once', async () => {
    const hook = await w.subscribe(MARIA);
    const event = w.event(MARIA, 'p2p.sent');
    jest.spyOn(w.feed, 'markDispatched').mockRejectedValueOnce(new Error('connection lost'));

    await expect(w.dispatcher.dispatchBatch(100)).rejects.toThrow('connection lost');
    expect(w.deliveries.all()).toEqual([]);
    expect(w.publisher.jobs).toEqual([]);
    expect(w.uow.rolledBack).toBe(1);

    expect(await w.dispatcher.dispatchBatch(100)).toBe(1);
    expect(delivered()).toEqual([`${hook.id} ${event.eventId}`]);
    expect(w.publisher.jobs.map((j) => j.data['attempt'])).toEqual([1]);
  });

  it('a first try the queue refuses leaves its delivery pending (committed), for the rescue sweep to queue', async () => {
    await w.subscribe(MARIA);
    w.event(MARIA, 'p2p.sent');
    w.publisher.failNext(new Error('redis down'));

    expect(await w.dispatcher.dispatchBatch(100)).toBe(1);

    const [delivery] = w.deliveries.all();
    expect(delivery?.snapshot.status).toBe('pending');
    expect(w.publisher.jobs).toEqual([]);
    expect(await w.rescue.rescue(new Date(NOON.getTime() + w.config.webhookRescueAfterMs), 10)).toBe(1);
    expect(w.publisher.jobs.map((j) => j.data)).toEqual([
      { deliveryId: delivery!.snapshot.id, webhookId: delivery!.snapshot.webhookId, clientId: MARIA, attempt: 1, resend: false },
    ]);
  });
});
