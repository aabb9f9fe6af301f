import { Module } from '@nestjs/common';
import { ReversalReconciliationScheduler } from './infrastructure/queue/reversal-reconciliation.scheduler.js';
import { ReversalSettlementProcessor } from './infrastructure/queue/reversal-settlement.processor.js';
import { ReversalsModule } from './reversals.module.js';

/** The reversal consumer of the settlement queue and its sweep; imported only by worker processes (APP_ROLE worker or all). */
@Module({
  imports: [ReversalsModule],
  providers: [ReversalSettlementProcessor, ReversalReconciliationScheduler],
})
export class ReversalsWorkerModule {}
