import { isLastAttempt, OnJob, QueueConsumer, type OutboxJobData, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { SettleMedReturnUseCase } from '../../application/settle-med-return.use-case.js';

/** Worker side of MED returns on the settlement queue. */
@QueueConsumer(QUEUE_SETTLEMENT)
export class MedReturnProcessor {
  constructor(private readonly settle: SettleMedReturnUseCase) {}

  @OnJob('med.approved', 4)
  async onApproved(job: QueueJob<OutboxJobData>): Promise<void> {
    await this.settle.execute(job.data.aggregateId, isLastAttempt(job));
  }
}
