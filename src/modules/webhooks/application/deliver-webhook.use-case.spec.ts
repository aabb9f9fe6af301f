import { Logger } from '@nestjs/common';
import { GONE_REASON, WEBHOOK_DELIVERIES } from './deliver-webhook.use-case.js';
import type { DeliverJobData } from './webhook-jobs.js';
import { MARIA, NOON, webhooksWorld, type WebhooksWorld } from './webhooks-world.fakes.js';

Logger.overrideLogger(false);

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const TIMED_OUT = { kind: 'unanswered', error: 'timeout', latencyMs: 15_000 } as const;

describe('DeliverWebhookUseCase', () => {
  let w: WebhooksWorld;
  let hook: { id: string; secret: string };

  beforeEach(async () => {
    w = webhooksWorld();
    hook = await w.subscribe(MARIA);
  });

  /** A delivery of a new event to the webhook, dispatched: its first try's job. */
  async function dispatched(): Promise<DeliverJobData> {
    w.event(MARIA, 'cash_in.completed', { transaction_id: `tx-${w.feed.events.length + 1}` });
    const before = w.publisher.jobs.length;
    await w.dispatcher.dispatchBatch(100);
    return w.publisher.jobs[before]!.data as DeliverJobData;
  }
  const delivery = (id: string) => w.deliveries.all().find((d) => d.snapshot.id === id)!.snapshot;
  /** The job queued last, for the next try. */
  const lastJob = () => w.publisher.jobs.at(-1)!;
  const tries = (outcome: string) => w.metrics.count(WEBHOOK_DELIVERIES.name, { outcome });

  it('signs and sends the body with the Standard Webhooks headers, and a 2xx delivers it', async () => {
    const job = await dispatched();
    const d = delivery(job.deliveryId);
    w.sender.answer(200);

    expect(await w.deliver.execute(job)).toEqual({ result: 'delivered', outcome: { kind: 'answered', httpStatus: 200, latencyMs: 12 } });

    const unix = Math.floor(NOON.getTime() / 1000);
    expect(w.sender.requests).toEqual([
      {
        url: 'https://hooks.example.com/pix',
        body: d.body,
        headers: {
          'webhook-id': d.eventId,
          'webhook-timestamp': String(unix),
          'webhook-signature': `v1,${hook.secret}/${d.eventId}/${unix}/${d.body.length}`,
        },
      },
    ]);
    expect(delivery(job.deliveryId)).toMatchObject({ status: 'delivered', attemptCount: 1, deliveredAt: NOON, nextAttemptAt: null });
    expect(await w.deliveries.attemptsOf(job.deliveryId)).toEqual([
      { attempt: 1, resend: false, attemptedAt: NOON, httpStatus: 200, latencyMs: 12, error: null },
    ]);
    expect(tries('delivered')).toBe(1);
    expect(w.publisher.jobs).toHaveLength(1);
  });

  it('a failed try schedules the next one per WEBHOOK_RETRY_SCHEDULE and queues its job with that delay', async () => {
    const job = await dispatched();
    w.sender.answer(500);

    expect((await w.deliver.execute(job)).result).toBe('retry');

    expect(delivery(job.deliveryId)).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      lastHttpStatus: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: new Date(NOON.getTime() + 5 * SECOND),
    });
    expect(lastJob()).toEqual({
      queue: 'webhooks',
      name: 'webhook.deliver',
      data: { deliveryId: job.deliveryId, webhookId: hook.id, clientId: MARIA, attempt: 2, resend: false },
      options: { attempts: 1000, backoffStrategy: 'webhook', jobId: `${job.deliveryId}:2`, delayMs: 5 * SECOND },
    });
    expect(tries('retry_scheduled')).toBe(1);
  });

  it('gives up once the schedule is spent: the third failed try fails the delivery and queues nothing more', async () => {
    let job = await dispatched();
    w.sender.answer(500, TIMED_OUT, 503);

    expect((await w.deliver.execute(job)).result).toBe('retry');
    w.clock.advance(5 * SECOND);
    job = lastJob().data as DeliverJobData;
    expect((await w.deliver.execute(job)).result).toBe('retry');
    expect(lastJob().options.delayMs).toBe(300 * SECOND);
    w.clock.advance(300 * SECOND);
    job = lastJob().data as DeliverJobData;
    const jobsBefore = w.publisher.jobs.length;

    expect((await w.deliver.execute(job)).result).toBe('failed');

    expect(delivery(job.deliveryId)).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptAt: null, lastError: 'HTTP 503' });
    expect((await w.deliveries.attemptsOf(job.deliveryId)).map((a) => [a.attempt, a.httpStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, null, 'timeout'],
      [3, 503, 'HTTP 503'],
    ]);
    expect(w.publisher.jobs).toHaveLength(jobsBefore);
    expect([tries('retry_scheduled'), tries('failed')]).toEqual([2, 1]);
  });

  it('410 Gone fails the delivery and disables the webhook; its other pending deliveries are then given up unsent', async () => {
    const gone = await dispatched();
    const other = await dispatched();
    w.sender.answer(410);

    expect((await w.deliver.execute(gone)).result).toBe('gone');
    expect((await w.webhooks.findById(hook.id))?.snapshot).toMatchObject({ status: 'disabled', disabledReason: GONE_REASON });

    expect(await w.deliver.execute(other)).toEqual({ result: 'abandoned', outcome: null });
    expect(w.sender.requests).toHaveLength(1);
    expect(delivery(other.deliveryId)).toMatchObject({ status: 'failed', lastError: `webhook disabled: ${GONE_REASON}` });
    expect(tries('failed')).toBe(1);
  });

  it("a deleted webhook's pending delivery is given up unsent", async () => {
    const job = await dispatched();
    await w.subscriptions.remove(MARIA, hook.id);

    expect((await w.deliver.execute(job)).result).toBe('abandoned');
    expect(delivery(job.deliveryId)).toMatchObject({ status: 'failed', lastError: 'webhook deleted' });
    expect(w.sender.requests).toEqual([]);
  });

  it('a stale job, its try already recorded, sends nothing and records nothing', async () => {
    const job = await dispatched();
    w.sender.answer(500);
    await w.deliver.execute(job);

    expect(await w.deliver.execute(job)).toEqual({ result: 'skipped', outcome: null });
    expect(w.sender.requests).toHaveLength(1);
    expect(await w.deliveries.attemptsOf(job.deliveryId)).toHaveLength(1);
  });

  it('with a secret no configured key opens, nothing is sent unsigned: the try fails and is retried', async () => {
    const job = await dispatched();
    w.webhooks.unreadable(hook.id);

    expect(await w.deliver.execute(job)).toEqual({
      result: 'retry',
      outcome: { kind: 'unanswered', error: 'signing_secret_unavailable', latencyMs: 0 },
    });
    expect(w.sender.requests).toEqual([]);
    expect(delivery(job.deliveryId)).toMatchObject({ status: 'pending', lastError: 'signing_secret_unavailable' });
  });

  it('after a rotation the old secret signs beside the new one for 24 hours, then no more', async () => {
    const { secret } = await w.subscriptions.rotateSecret(MARIA, hook.id);
    w.sender.answer(200, 200);
    const signature = () =>
      w.sender.requests
        .at(-1)!
        .headers['webhook-signature']!.split(' ')
        .map((s) => s.split('/')[0]);

    await w.deliver.execute(await dispatched());
    expect(signature()).toEqual([`v1,${secret}`, `v1,${hook.secret}`]);

    w.clock.advance(24 * HOUR);
    await w.deliver.execute(await dispatched());
    expect(signature()).toEqual([`v1,${secret}`]);
  });

  it('a retry the queue refuses is recorded all the same, and the rescue sweep queues it once overdue', async () => {
    const job = await dispatched();
    w.sender.answer(500);
    w.publisher.failNext(new Error('redis down'));

    expect((await w.deliver.execute(job)).result).toBe('retry');
    const due = delivery(job.deliveryId).nextAttemptAt!;
    expect(w.publisher.jobs).toHaveLength(1);

    expect(await w.rescue.rescue(new Date(due.getTime() + w.config.webhookRescueAfterMs), 10)).toBe(1);
    expect(lastJob().data).toMatchObject({ deliveryId: job.deliveryId, attempt: 2, resend: false });
  });
});

describe('DeliveryLog', () => {
  let w: WebhooksWorld;
  let hook: string;

  beforeEach(async () => {
    w = webhooksWorld();
    hook = (await w.subscribe(MARIA)).id;
  });

  async function deliveryOf(outcomes: number[]): Promise<string> {
    w.event(MARIA, 'p2p.sent', { transaction_id: `tx-${w.feed.events.length + 1}` });
    const before = w.publisher.jobs.length;
    await w.dispatcher.dispatchBatch(100);
    const job = w.publisher.jobs[before]!.data as DeliverJobData;
    w.sender.answer(...outcomes);
    let next: DeliverJobData | null = job;
    for (let i = 0; i < outcomes.length && next; i++) {
      const { result } = await w.deliver.execute(next);
      next = result === 'retry' ? (w.publisher.jobs.at(-1)!.data as DeliverJobData) : null;
    }
    w.clock.advance(1000);
    return job.deliveryId;
  }

  it("lists a webhook's deliveries newest first, all or in one status, with the total", async () => {
    const delivered = await deliveryOf([200]);
    const failed = await deliveryOf([500, 500, 500]);
    const pending = await deliveryOf([]);

    const all = await w.log.list(MARIA, hook, null, 1, 10);
    expect(all.items.map((d) => d.snapshot.id)).toEqual([pending, failed, delivered]);
    expect(all.total).toBe(3);
    expect((await w.log.list(MARIA, hook, 'failed', 1, 10)).items.map((d) => d.snapshot.id)).toEqual([failed]);
    expect((await w.log.list(MARIA, hook, null, 2, 2)).items.map((d) => d.snapshot.id)).toEqual([delivered]);
  });

  it("answers another client's webhook with WEBHOOK_NOT_FOUND and a page past the window with VALIDATION_ERROR", async () => {
    await expect(w.log.list('client-joao', hook, null, 1, 10)).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
    await expect(w.log.list(MARIA, hook, null, 1001, 10)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('shows one delivery with its tries in order; another client sees DELIVERY_NOT_FOUND', async () => {
    const id = await deliveryOf([500, 200]);

    const { delivery, attempts } = await w.log.get(MARIA, id);

    expect(delivery.snapshot).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(attempts.map((a) => [a.attempt, a.httpStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 200, null],
    ]);
    await expect(w.log.get('client-joao', id)).rejects.toMatchObject({ code: 'DELIVERY_NOT_FOUND' });
  });

  it('resends a failed delivery: pending again, a try queued now, recorded as a resend', async () => {
    const id = await deliveryOf([500, 500, 500]);

    const resent = await w.log.resend(MARIA, id);

    expect(resent.snapshot).toMatchObject({ status: 'pending', resendCount: 1, nextAttemptAt: w.clock.now() });
    const job = w.publisher.jobs.at(-1)!;
    expect(job.data).toEqual({ deliveryId: id, webhookId: hook, clientId: MARIA, attempt: 4, resend: true });
    expect(job.options.jobId).toBe(`${id}:4:resend1`);
    w.sender.answer(200);
    expect((await w.deliver.execute(job.data as DeliverJobData)).result).toBe('delivered');
    expect((await w.deliveries.attemptsOf(id)).at(-1)).toMatchObject({ attempt: 4, resend: true, httpStatus: 200 });
  });

  it('refuses to resend a delivered delivery with DELIVERY_ALREADY_DELIVERED, queueing nothing', async () => {
    const id = await deliveryOf([200]);
    const jobs = w.publisher.jobs.length;

    await expect(w.log.resend(MARIA, id)).rejects.toMatchObject({ code: 'DELIVERY_ALREADY_DELIVERED' });
    await expect(w.log.resend('client-joao', id)).rejects.toMatchObject({ code: 'DELIVERY_NOT_FOUND' });
    expect(w.publisher.jobs).toHaveLength(jobs);
    expect((await w.log.get(MARIA, id)).delivery.snapshot.resendCount).toBe(0);
  });
});

describe('DeliveryRescue', () => {
  let w: WebhooksWorld;

  beforeEach(async () => {
    w = webhooksWorld();
    await w.subscribe(MARIA);
  });

  /** A dispatched delivery whose first try's job was lost. */
  async function lostDelivery(): Promise<string> {
    w.event(MARIA, 'p2p.sent', { transaction_id: `tx-${w.feed.events.length + 1}` });
    await w.dispatcher.dispatchBatch(100);
    const job = w.publisher.jobs.pop()!;
    return (job.data as DeliverJobData).deliveryId;
  }

  it('queues again the tries overdue by WEBHOOK_RESCUE_AFTER_MS, most overdue first, up to the limit', async () => {
    const older = await lostDelivery();
    w.clock.advance(1000);
    const newer = await lostDelivery();
    const at = (ms: number) => new Date(NOON.getTime() + ms);

    expect(await w.rescue.rescue(at(w.config.webhookRescueAfterMs - 1), 10)).toBe(0);
    expect(await w.rescue.rescue(at(w.config.webhookRescueAfterMs), 10)).toBe(1);
    expect(await w.rescue.rescue(at(w.config.webhookRescueAfterMs + 1000), 1)).toBe(1);

    expect(w.publisher.jobs.map((j) => (j.data as DeliverJobData).deliveryId)).toEqual([older, older]);
    expect(await w.rescue.rescue(at(w.config.webhookRescueAfterMs + 1000), 10)).toBe(2);
    expect(w.publisher.jobs.slice(2).map((j) => (j.data as DeliverJobData).deliveryId)).toEqual([older, newer]);
  });

  it("names the hour in the job id: sweeps within one hour queue one job (the queue dedupes), the next hour's another", async () => {
    const id = await lostDelivery();
    const hour = Math.floor(NOON.getTime() / 3_600_000);

    await w.rescue.rescue(new Date(NOON.getTime() + 5 * 60_000), 10);
    await w.rescue.rescue(new Date(NOON.getTime() + 10 * 60_000), 10);
    await w.rescue.rescue(new Date(NOON.getTime() + 60 * 60_000), 10);

    expect(w.publisher.jobs.map((j) => j.options.jobId)).toEqual([`${id}:rescue${hour}`, `${id}:rescue${hour}`, `${id}:rescue${hour + 1}`]);
  });

  it('never rescues a delivery that was delivered', async () => {
    const done = await lostDelivery();
    w.sender.answer(200);
    await w.deliver.execute({
      deliveryId: done,
      webhookId: w.deliveries.all()[0]!.snapshot.webhookId,
      clientId: MARIA,
      attempt: 1,
      resend: false,
    });

    expect(await w.rescue.rescue(new Date(NOON.getTime() + 24 * 3_600_000), 10)).toBe(0);
  });
});

describe('WebhookSubscriptions', () => {
  let w: WebhooksWorld;

  beforeEach(() => {
    w = webhooksWorld();
  });

  it('refuses a target the policy does not allow, storing nothing', async () => {
    await expect(w.subscribe(MARIA, undefined, 'http://hooks.example.com/pix')).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_NOT_ALLOWED',
    });
    expect(await w.subscriptions.list(MARIA)).toEqual([]);
  });

  it('refuses unknown event names with VALIDATION_ERROR naming each', async () => {
    await expect(w.subscribe(MARIA, ['p2p.sent', 'no.such_event'])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'events[1]' }],
    });
  });

  it('holds at most 10 webhooks per client; a deleted one frees its place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await w.subscribe(MARIA)).id);

    await expect(w.subscribe(MARIA)).rejects.toMatchObject({ code: 'WEBHOOK_LIMIT_REACHED' });
    expect(await w.subscribe('client-joao')).toBeDefined();
    await w.subscriptions.remove(MARIA, ids[0]!);
    expect(await w.subscribe(MARIA)).toBeDefined();
    expect(await w.subscriptions.list(MARIA)).toHaveLength(10);
  });
});
