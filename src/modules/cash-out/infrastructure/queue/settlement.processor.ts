import { Logger } from '@nestjs/common';
import { isLastAttempt, OnJob, QueueConsumer, type OutboxJobData, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { RECONCILE_JOB } from '../../application/reconcile-cash-outs.use-case.js';
import { ReturnCashOutUseCase } from '../../application/return-cash-out.use-case.js';
import { SettleCashOutUseCase } from '../../application/settle-cash-out.use-case.js';
import { SANDBOX_RETURN_JOB } from '../../../spi/application/spi-gateway.js';

/** Worker side of the settlement queue: settles queued cash-outs and plays scheduled returns. */
@QueueConsumer(QUEUE_SETTLEMENT)
export class SettlementProcessor {
  private readonly logger = new Logger(SettlementProcessor.name);

  constructor(
    private readonly settle: SettleCashOutUseCase,
    private readonly returns: ReturnCashOutUseCase,
  ) {}

  /**
   * 64 payments settle at once per process. Settlement waits mostly on round trips, and it shares the
   * event loop with the API under APP_ROLE=all: at 8 it settled a third of what the API accepted under
   * load (a backlog that only grows). With its steps in batches, more at once means larger batches rather
   * than more transactions: at 32 it fell 1.2-1.5 s behind under load, at 64 it keeps pace
   * (docs/adr/0084-settlement-keeps-up.md).
   */
  @OnJob('cash_out.queued', 64)
  async onQueued(job: QueueJob<OutboxJobData>): Promise<void> {
    await this.settle.execute(job.data.aggregateId, isLastAttempt(job));
  }

  @OnJob(RECONCILE_JOB, 2)
  async onReconcile(job: QueueJob<{ aggregateId: string }>): Promise<void> {
    await this.settle.reconcile(job.data.aggregateId, isLastAttempt(job));
  }

  /** Sandbox only: the receiving bank returns an `x.94` payment once it is completed. */
  @OnJob(SANDBOX_RETURN_JOB, 2)
  async onSandboxReturn(job: QueueJob<{ endToEndId: string }>): Promise<void> {
    if (await this.returns.whenCompleted(job.data.endToEndId)) {
      this.logger.log({ endToEndId: job.data.endToEndId }, 'sandbox returned a settled cash-out');
    }
  }
}
