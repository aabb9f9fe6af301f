import { Module } from '@nestjs/common';
import { SpiModule } from '../spi/spi.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { ListMedUseCase } from './application/list-med.use-case.js';
import { MedDeadlines } from './application/med-deadlines.js';
import { MedRequestRepository } from './application/med-request.repository.js';
import { MedRequestStore } from './application/med-request-store.js';
import { OpenMedUseCase } from './application/open-med.use-case.js';
import { RespondMedUseCase } from './application/respond-med.use-case.js';
import { SettleMedReturnUseCase } from './application/settle-med-return.use-case.js';
import { MedController } from './infrastructure/http/med.controller.js';
import { SqlMedRequestRepository } from './infrastructure/persistence/sql-med-request.repository.js';
import { MedDeadlineScheduler } from './infrastructure/queue/med-deadline.scheduler.js';
import { MedReturnRoutes } from './infrastructure/queue/med-return-routes.js';

/**
 * MED (Mecanismo Especial de Devolução): requests against payments a client received, their precautionary
 * block, the receiver's answer (approve: the money back to the payer, on-us at once or through the SPI;
 * reject: release) and the deadline sweep. Opening one is a
 * sandbox simulation (`OpenMedUseCase`, used by the sandbox module).
 */
@Module({
  imports: [LedgerModule, TransactionsModule, IdentityModule, ParticipantsModule, SpiModule],
  controllers: [MedController],
  providers: [
    { provide: MedRequestRepository, useClass: SqlMedRequestRepository },
    MedRequestStore,
    OpenMedUseCase,
    RespondMedUseCase,
    ListMedUseCase,
    MedDeadlines,
    MedDeadlineScheduler,
    SettleMedReturnUseCase,
    MedReturnRoutes,
  ],
  exports: [OpenMedUseCase, SettleMedReturnUseCase],
})
export class MedModule {}
