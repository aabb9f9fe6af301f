import { Module } from '@nestjs/common';
import { MedReturnReconciliationScheduler } from './infrastructure/queue/med-return-reconciliation.scheduler.js';
import { MedReturnProcessor } from './infrastructure/queue/med-return.processor.js';
import { MedModule } from './med.module.js';

/** The MED-return consumer of the settlement queue and its sweep; imported only by worker processes (APP_ROLE worker or all). */
@Module({
  imports: [MedModule],
  providers: [MedReturnProcessor, MedReturnReconciliationScheduler],
})
export class MedWorkerModule {}
