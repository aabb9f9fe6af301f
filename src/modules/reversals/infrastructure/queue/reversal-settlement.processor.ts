import { isLastAttempt, OnJob, QueueConsumer, type OutboxJobData, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { SettleReversalUseCase } from '../../application/settle-reversal.use-case.js';

/** Worker side of reversals on the settlement queue. */
@QueueConsumer(QUEUE_SETTLEMENT)
export class ReversalSettlementProcessor {
  constructor(private readonly settle: SettleReversalUseCase) {}

  @OnJob('reversal.queued', 8)
  async onQueued(job: QueueJob<OutboxJobData>): Promise<void> {
    await this.settle.execute(job.data.aggregateId, isLastAttempt(job));
  }
}
