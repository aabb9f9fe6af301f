import type { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { QUEUE_WEBHOOKS } from '../../../shared/queue/queue.names.js';

/** The job of one try of one delivery on the `webhooks` queue. */
export const DELIVER_JOB = 'webhook.deliver';

// A type alias (not an interface) so it is a Record<string, unknown>, as queue payloads are.
export type DeliverJobData = {
  deliveryId: string;
  webhookId: string;
  /** The webhook's client, whose share of the delivery slots the try takes (absent in jobs queued by older versions). */
  clientId?: string;
  /** Which try this job makes (1 = the first); a job whose try is already recorded does nothing. */
  attempt: number;
  /** Sent by the resend endpoint (shown in the delivery log). */
  resend: boolean;
};

/**
 * Job ids: the first try's job id is the delivery id (a re-dispatched event is a no-op in Bull); later
 * tries add their number, resends their count, rescues their time window, so each is queued once.
 */
export function deliverJobId(deliveryId: string, attempt: number, suffix?: string): string {
  const base = attempt === 1 ? deliveryId : `${deliveryId}:${attempt}`;
  return suffix ? `${base}:${suffix}` : base;
}

/** Bull retries a job only for our own failures (the database away) or a busy target; tries are ours. */
export const DELIVER_JOB_OPTIONS = { attempts: 1000, backoffStrategy: 'webhook' } as const;

/**
 * The job of one try of one API Pix callback, on the same `webhooks` queue, with the same data, ids and options
 * as a delivery's (`webhookId` being the API Pix webhook's): the same consumer shares its slots among both.
 */
export const PIX_CALLBACK_JOB = 'pix.callback';

/** A rescue job id names the hour, so a try is queued again at most once an hour. */
const RESCUE_WINDOW_MS = 3_600_000;

/** What a rescue reads of an overdue delivery or callback. */
export interface OverdueTry {
  id: string;
  webhookId: string;
  clientId: string;
  attemptCount: number;
}

/**
 * Queues the next try of each overdue delivery or callback (`job`: DELIVER_JOB or PIX_CALLBACK_JOB). The job id
 * carries the hour, so several workers queue it once, and a try that is only late gains at most one extra job an
 * hour; whichever job runs first makes the try and the other finds it recorded and does nothing.
 */
export async function requeueOverdue(
  publisher: JobPublisher,
  job: typeof DELIVER_JOB | typeof PIX_CALLBACK_JOB,
  overdue: readonly OverdueTry[],
  now: Date,
): Promise<void> {
  const window = Math.floor(now.getTime() / RESCUE_WINDOW_MS);
  await Promise.all(
    overdue.map((t) => {
      const data: DeliverJobData = {
        deliveryId: t.id,
        webhookId: t.webhookId,
        clientId: t.clientId,
        attempt: t.attemptCount + 1,
        resend: false,
      };
      return publisher.publish(QUEUE_WEBHOOKS, job, data, {
        ...DELIVER_JOB_OPTIONS,
        jobId: deliverJobId(t.id, data.attempt, `rescue${window}`),
      });
    }),
  );
}

/**
 * Queues the first try of each delivery or callback just committed (`job`: DELIVER_JOB or PIX_CALLBACK_JOB), its
 * job id its own id so a re-dispatch is a no-op. A refused publish is logged, not thrown: the row is committed and
 * the rescue sweep queues it.
 */
export async function queueFirstTries(
  publisher: JobPublisher,
  job: typeof DELIVER_JOB | typeof PIX_CALLBACK_JOB,
  created: readonly { id: string; webhookId: string; clientId: string }[],
  onRefused: (err: unknown) => void,
): Promise<void> {
  await Promise.all(
    created.map((c) => {
      const data: DeliverJobData = { deliveryId: c.id, webhookId: c.webhookId, clientId: c.clientId, attempt: 1, resend: false };
      return publisher.publish(QUEUE_WEBHOOKS, job, data, { ...DELIVER_JOB_OPTIONS, jobId: deliverJobId(c.id, 1) }).catch(onRefused);
    }),
  );
}

/**
 * Queues the try after `job`'s, `delayMs` from now (`name`: DELIVER_JOB or PIX_CALLBACK_JOB). A refused publish is
 * handed to `onRefused`, not thrown: the try is recorded, and the rescue sweep queues it once it is overdue.
 */
export async function queueNextTry(
  publisher: JobPublisher,
  name: typeof DELIVER_JOB | typeof PIX_CALLBACK_JOB,
  job: DeliverJobData,
  clientId: string,
  delayMs: number,
  onRefused: (err: unknown) => void,
): Promise<void> {
  const next: DeliverJobData = { deliveryId: job.deliveryId, webhookId: job.webhookId, clientId, attempt: job.attempt + 1, resend: false };
  await publisher
    .publish(QUEUE_WEBHOOKS, name, next, {
      ...DELIVER_JOB_OPTIONS,
      jobId: deliverJobId(job.deliveryId, next.attempt),
      delayMs: Math.max(0, delayMs),
    })
    .catch(onRefused);
}
