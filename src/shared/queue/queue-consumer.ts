import { Process, Processor } from '@nestjs/bull';
import { inBackgroundLane } from '../persistence/work-lane.js';

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

/**
 * Marks a method as the handler of one job name. The handler runs in the background lane, so its
 * database transactions use the connections kept for background work (PipelinedUnitOfWork).
 */
export const OnJob =
  (name: string, concurrency = 1): MethodDecorator =>
  (target, key, descriptor) => {
    const handler = descriptor.value as unknown as (...args: unknown[]) => Promise<unknown>;
    const inLane = function (this: unknown, ...args: unknown[]) {
      return inBackgroundLane(() => handler.apply(this, args));
    };
    descriptor.value = inLane as unknown as typeof descriptor.value;
    return Process({ name, concurrency })(target, key, descriptor);
  };
