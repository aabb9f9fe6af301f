import { Module } from '@nestjs/common';
import { SpiModule } from '../spi/spi.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { CreateReversalUseCase } from './application/create-reversal.use-case.js';
import { ReconcileReversalsUseCase } from './application/reconcile-reversals.use-case.js';
import { ReversalQueries } from './application/reversal-queries.js';
import { ReversalRepository } from './application/reversal.repository.js';
import { ReversalStore } from './application/reversal-store.js';
import { SettleReversalUseCase } from './application/settle-reversal.use-case.js';
import { ReversalsController } from './infrastructure/http/reversals.controller.js';
import { SqlReversalRepository } from './infrastructure/persistence/sql-reversal.repository.js';
import { ReversalRoutes } from './infrastructure/queue/reversal-routes.js';

/** Reversals (devoluções) of received payments: on-us at once, to other institutions through the SPI. */
@Module({
  imports: [IdentityModule, LedgerModule, TransactionsModule, ParticipantsModule, SpiModule],
  controllers: [ReversalsController],
  providers: [
    { provide: ReversalRepository, useClass: SqlReversalRepository },
    ReversalStore,
    CreateReversalUseCase,
    SettleReversalUseCase,
    ReconcileReversalsUseCase,
    ReversalQueries,
    ReversalRoutes,
  ],
  exports: [SettleReversalUseCase, ReconcileReversalsUseCase],
})
export class ReversalsModule {}
