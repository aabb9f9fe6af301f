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
