import type { QueueName } from './queue.names.js';

export interface PublishOptions {
  /** Deduplicates: a job id already in the queue is not added twice. */
  jobId?: string;
  delayMs?: number;
  attempts?: number;
  backoffMs?: number;
  /** A backoff strategy registered on the queue (instead of exponential from `backoffMs`). */
  backoffStrategy?: string;
}

/** Port to the job queue, so modules never import Bull directly. */
export abstract class JobPublisher {
  abstract publish(queue: QueueName, name: string, data: Record<string, unknown>, options?: PublishOptions): Promise<void>;
}
