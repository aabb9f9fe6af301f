import { Module } from '@nestjs/common';
import { CashOutModule } from './cash-out.module.js';
import { CashOutReconciliationScheduler } from './infrastructure/queue/cash-out-reconciliation.scheduler.js';
import { SettlementProcessor } from './infrastructure/queue/settlement.processor.js';

/** The settlement queue consumer; imported only by processes with APP_ROLE worker or all. */
@Module({
  imports: [CashOutModule],
  providers: [SettlementProcessor, CashOutReconciliationScheduler],
})
export class SettlementWorkerModule {}
