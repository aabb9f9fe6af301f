import { getQueueToken } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bull';
import { JobPublisher, type PublishOptions } from './job-publisher.js';
import type { QueueName } from './queue.names.js';

/** Bull implementation of JobPublisher. Completed jobs are kept a day so a re-add by id stays a no-op. */
@Injectable()
export class BullJobPublisher extends JobPublisher {
  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  async publish(queue: QueueName, name: string, data: Record<string, unknown>, options: PublishOptions = {}): Promise<void> {
    const q = this.moduleRef.get<Queue>(getQueueToken(queue), { strict: false });
    await q.add(name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: options.attempts ?? 8,
      backoff: options.backoffStrategy ? { type: options.backoffStrategy } : { type: 'exponential', delay: options.backoffMs ?? 500 },
      removeOnComplete: { age: 24 * 3600, count: 50_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }
}
