import { Process, Processor } from '@nestjs/bull';

/** The parts of a queued job a consumer may rely on (keeps modules independent of Bull's types). */
export interface QueueJob<T> {
  id: string | number;
  name: string;
  data: T;
  attemptsMade: number;
  opts: { attempts?: number };
}

/** The payload the outbox relay puts on every job. */
export interface OutboxJobData {
  eventId: string;
  type: string;
  aggregateId: string;
  clientId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** True when a failure of this run will not be retried. */
export function isLastAttempt(job: QueueJob<unknown>): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** Marks a class as the consumer of one queue. */
export const QueueConsumer = (queue: string) => Processor(queue);

/** Marks a method as the handler of one job name. */
export const OnJob = (name: string, concurrency = 1) => Process({ name, concurrency });
