import { FakeJobPublisher } from '../../../shared/testing/kernel.fakes.js';
import { DELIVER_JOB, PIX_CALLBACK_JOB, queueFirstTries, queueNextTry, requeueOverdue } from './webhook-jobs.js';

describe('requeueOverdue (the rescue of deliveries and of API Pix callbacks)', () => {
  const overdue = [
    { id: 'd1', webhookId: 'w1', clientId: 'c1', attemptCount: 1 },
    { id: 'd2', webhookId: 'w2', clientId: 'c2', attemptCount: 4 },
  ];
  const at = (iso: string) => new Date(iso);

  it.each([DELIVER_JOB, PIX_CALLBACK_JOB] as const)('queues the next try of each, as %s, on the webhooks queue', async (job) => {
    const publisher = new FakeJobPublisher();
    await requeueOverdue(publisher, job, overdue, at('2026-03-10T12:34:00Z'));
    const hour = Math.floor(at('2026-03-10T12:34:00Z').getTime() / 3_600_000);
    expect(publisher.jobs.map((j) => [j.queue, j.name, j.data, j.options.jobId])).toEqual([
      ['webhooks', job, { deliveryId: 'd1', webhookId: 'w1', clientId: 'c1', attempt: 2, resend: false }, `d1:2:rescue${hour}`],
      ['webhooks', job, { deliveryId: 'd2', webhookId: 'w2', clientId: 'c2', attempt: 5, resend: false }, `d2:5:rescue${hour}`],
    ]);
  });

  it('names the hour in the job id: within one hour a try is queued once, in the next hour once more', async () => {
    const ids = async (iso: string) => {
      const publisher = new FakeJobPublisher();
      await requeueOverdue(publisher, PIX_CALLBACK_JOB, overdue.slice(0, 1), at(iso));
      return publisher.jobs[0]!.options.jobId;
    };
    expect(await ids('2026-03-10T12:00:00Z')).toBe(await ids('2026-03-10T12:59:59.999Z'));
    expect(await ids('2026-03-10T13:00:00Z')).not.toBe(await ids('2026-03-10T12:59:59.999Z'));
  });
});

describe('queueFirstTries and queueNextTry (a delivery or callback just committed, or just tried)', () => {
  it.each([DELIVER_JOB, PIX_CALLBACK_JOB] as const)(
    'queues the first try as %s under its own id, the next one by number and delay',
    async (job) => {
      const publisher = new FakeJobPublisher();
      await queueFirstTries(publisher, job, [{ id: 'd1', webhookId: 'w1', clientId: 'c1' }], () => undefined);
      const first = { deliveryId: 'd1', webhookId: 'w1', clientId: 'c1', attempt: 1, resend: false };
      await queueNextTry(publisher, job, first, 'c1', 30_000, () => undefined);
      await queueNextTry(publisher, job, { ...first, attempt: 2 }, 'c1', -5, () => undefined);
      expect(publisher.jobs.map((j) => [j.name, j.data['attempt'], j.options.jobId, j.options.delayMs])).toEqual([
        [job, 1, 'd1', undefined],
        [job, 2, 'd1:2', 30_000],
        [job, 3, 'd1:3', 0],
      ]);
    },
  );

  it('hands a refused publish to onRefused instead of throwing: the row is committed and the rescue sweep queues it', async () => {
    const publisher = new FakeJobPublisher().failNext(new Error('redis down'), new Error('redis down'));
    const refused: unknown[] = [];
    await queueFirstTries(publisher, DELIVER_JOB, [{ id: 'd1', webhookId: 'w1', clientId: 'c1' }], (err) => refused.push(err));
    await queueNextTry(publisher, PIX_CALLBACK_JOB, { deliveryId: 'd1', webhookId: 'w1', attempt: 1, resend: false }, 'c1', 1, (err) =>
      refused.push(err),
    );
    expect(refused).toHaveLength(2);
    expect(publisher.jobs).toEqual([]);
  });
});
