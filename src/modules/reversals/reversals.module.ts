import { Module } from '@nestjs/common';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { ChargeCashParts } from '../cash-in/application/charge-cash-parts.js';
import { SpiModule } from '../spi/spi.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { CashParts } from './application/cash-parts.js';
import { CreateReversalUseCase } from './application/create-reversal.use-case.js';
import { MerchantRefunds } from './application/merchant-refunds.js';
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
  imports: [IdentityModule, LedgerModule, TransactionsModule, ParticipantsModule, SpiModule, CashInModule],
  controllers: [ReversalsController],
  providers: [
    { provide: ReversalRepository, useClass: SqlReversalRepository },
    ReversalStore,
    // SL02's cap: the Pix Saque/Troco part of the charge a payment paid, as cash-in keeps it.
    { provide: CashParts, useExisting: ChargeCashParts },
    CreateReversalUseCase,
    SettleReversalUseCase,
    ReconcileReversalsUseCase,
    ReversalQueries,
    ReversalRoutes,
    MerchantRefunds,
  ],
  exports: [SettleReversalUseCase, ReconcileReversalsUseCase, MerchantRefunds],
})
export class ReversalsModule {}
