import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { BalanceHistoryUseCase } from './application/balance-history.use-case.js';
import { GetBalanceUseCase } from './application/get-balance.use-case.js';
import { LedgerRepository } from './application/ledger.repository.js';
import { LedgerService } from './application/ledger.service.js';
import { VerifyLedgerUseCase } from './application/verify-ledger.use-case.js';
import { BalanceHistoryController } from './infrastructure/http/balance-history.controller.js';
import { BalanceController } from './infrastructure/http/balance.controller.js';
import { LedgerAdminController } from './infrastructure/http/ledger-admin.controller.js';
import { GroupLock } from '../../shared/persistence/group-lock.js';
import { PayingAccountsLock } from './infrastructure/persistence/paying-accounts.lock.js';
import { SqlLedgerRepository } from './infrastructure/persistence/sql-ledger.repository.js';

/** Double-entry journal, client balances, and the balance and balance-history endpoints. */
@Module({
  imports: [IdentityModule],
  controllers: [BalanceHistoryController, BalanceController, LedgerAdminController],
  providers: [
    { provide: LedgerRepository, useClass: SqlLedgerRepository },
    // Found by the unit of work when it runs a group-committed batch.
    { provide: GroupLock, useClass: PayingAccountsLock },
    LedgerService,
    GetBalanceUseCase,
    BalanceHistoryUseCase,
    VerifyLedgerUseCase,
  ],
  exports: [LedgerService],
})
export class LedgerModule {}
