import { Inject, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { isLastAttempt, OnJob, QueueConsumer, type OutboxJobData, type QueueJob } from '../../../../shared/queue/queue-consumer.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import { RECONCILE_JOB } from '../../application/reconcile-cash-outs.use-case.js';
import { ReturnCashOutUseCase } from '../../application/return-cash-out.use-case.js';
import { SettleCashOutUseCase } from '../../application/settle-cash-out.use-case.js';
import { SpiGateway } from '../../application/spi-gateway.js';

/** Worker side of the settlement queue: settles queued cash-outs and plays scheduled returns. */
@QueueConsumer(QUEUE_SETTLEMENT)
export class SettlementProcessor {
  private readonly logger = new Logger(SettlementProcessor.name);

  constructor(
    private readonly settle: SettleCashOutUseCase,
    private readonly returns: ReturnCashOutUseCase,
    private readonly spi: SpiGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob('cash_out.queued', 4)
  async onQueued(job: QueueJob<OutboxJobData>): Promise<void> {
    await this.settle.execute(job.data.aggregateId, isLastAttempt(job));
  }

  @OnJob(RECONCILE_JOB, 2)
  async onReconcile(job: QueueJob<{ aggregateId: string }>): Promise<void> {
    await this.settle.reconcile(job.data.aggregateId, isLastAttempt(job));
  }

  @OnJob('cash_out.completed', 2)
  async onCompleted(job: QueueJob<OutboxJobData>): Promise<void> {
    const { end_to_end_id, amount } = job.data.payload as { end_to_end_id: string; amount: string };
    if (!(await this.spi.returnScheduled(end_to_end_id, Money.of(amount)))) return;
    await new Promise((resolve) => setTimeout(resolve, this.config.sandboxSpiLatencyMs));
    try {
      await this.returns.execute(job.data.aggregateId, null);
    } catch (err) {
      // Already returned (a re-run of this job) or on-us: nothing left to do.
      if (err instanceof DomainError && err.code === 'CASH_OUT_NOT_RETURNABLE') return;
      throw err;
    }
    this.logger.log({ cashOutId: job.data.aggregateId }, 'sandbox returned a settled cash-out');
  }
}
