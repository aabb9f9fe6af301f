import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { assertPageWithinWindow } from '../../../shared/persistence/page-window.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { JobPublisher } from '../../../shared/queue/job-publisher.js';
import { QUEUE_WEBHOOKS } from '../../../shared/queue/queue.names.js';
import { Clock } from '../../../shared/time/clock.js';
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { DELIVER_JOB, DELIVER_JOB_OPTIONS, deliverJobId, type DeliverJobData } from './webhook-jobs.js';
import { WebhookRepository } from './webhook.repository.js';

export interface DeliveryPage {
  items: WebhookDelivery[];
  page: number;
  pageSize: number;
  total: number;
}

const deliveryNotFound = () => new NotFoundError('Delivery', 'DELIVERY_NOT_FOUND');

/** The caller's delivery log: a webhook's deliveries, one delivery with its tries, and resending one. */
@Injectable()
export class DeliveryLog {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly publisher: JobPublisher,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(clientId: string, webhookId: string, status: DeliveryStatus | null, page: number, pageSize: number): Promise<DeliveryPage> {
    assertPageWithinWindow(page, pageSize);
    if (!(await this.webhooks.find(clientId, webhookId))) throw new NotFoundError('Webhook', 'WEBHOOK_NOT_FOUND');
    const { items, total } = await this.deliveries.list(webhookId, status, pageSize, (page - 1) * pageSize);
    return { items, page, pageSize, total };
  }

  async get(clientId: string, deliveryId: string): Promise<{ delivery: WebhookDelivery; attempts: DeliveryAttempt[] }> {
    const delivery = await this.deliveries.findForClient(clientId, deliveryId);
    if (!delivery) throw deliveryNotFound();
    return { delivery, attempts: await this.deliveries.attemptsOf(deliveryId) };
  }

  /**
   * Queues a try now (the spec's "delivered on the next worker run"): a failed delivery becomes pending
   * again, a pending one is tried before its next retry; a delivered one is refused (409).
   */
  async resend(clientId: string, deliveryId: string): Promise<WebhookDelivery> {
    const { delivery, attempt } = await this.uow.run(async () => {
      const locked = await this.deliveries.lock(deliveryId, clientId);
      if (!locked) throw deliveryNotFound();
      const attempt = locked.resend(this.clock.now());
      await this.deliveries.update(locked);
      return { delivery: locked, attempt };
    });
    const d = delivery.snapshot;
    const job: DeliverJobData = { deliveryId, webhookId: d.webhookId, clientId: d.clientId, attempt, resend: true };
    // If Redis refuses, the request fails (503) with the delivery pending and overdue: the rescue sweep sends it.
    await this.publisher.publish(QUEUE_WEBHOOKS, DELIVER_JOB, job, {
      ...DELIVER_JOB_OPTIONS,
      jobId: deliverJobId(deliveryId, attempt, `resend${d.resendCount}`),
    });
    return delivery;
  }
}
