import { Module } from '@nestjs/common';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { LimitsModule } from '../limits/limits.module.js';
import { FeesModule } from '../fees/fees.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { QrCodeModule } from '../qr-code/qr-code.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { CashOutRepository } from './application/cash-out.repository.js';
import { CashOutStore } from './application/cash-out-store.js';
import { CreateCashOutUseCase } from './application/create-cash-out.use-case.js';
import { GetCashOutUseCase } from './application/get-cash-out.use-case.js';
import { ReceiverResolver } from './application/receiver-resolver.js';
import { ReconcileCashOutsUseCase } from './application/reconcile-cash-outs.use-case.js';
import { ReturnCashOutUseCase } from './application/return-cash-out.use-case.js';
import { SettleCashOutUseCase } from './application/settle-cash-out.use-case.js';
import { CashOutController } from './infrastructure/http/cash-out.controller.js';
import { SqlCashOutRepository } from './infrastructure/persistence/sql-cash-out.repository.js';
import { CashOutRoutes } from './infrastructure/queue/cash-out-routes.js';
import { SpiModule } from '../spi/spi.module.js';

/** Outbound Pix: creation (three flows), status, settlement and returns. */
@Module({
  imports: [
    IdentityModule,
    FeesModule,
    LedgerModule,
    TransactionsModule,
    KeysModule,
    ParticipantsModule,
    LimitsModule,
    QrCodeModule,
    CashInModule,
    SpiModule,
  ],
  controllers: [CashOutController],
  providers: [
    { provide: CashOutRepository, useClass: SqlCashOutRepository },
    CashOutStore,
    ReceiverResolver,
    CreateCashOutUseCase,
    GetCashOutUseCase,
    SettleCashOutUseCase,
    ReturnCashOutUseCase,
    ReconcileCashOutsUseCase,
    CashOutRoutes,
  ],
  exports: [SettleCashOutUseCase, ReturnCashOutUseCase, ReconcileCashOutsUseCase],
})
export class CashOutModule {}
