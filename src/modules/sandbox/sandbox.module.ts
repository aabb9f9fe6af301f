import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { DepositUseCase } from './application/deposit.use-case.js';
import { SandboxDepositsController } from './infrastructure/http/sandbox-deposits.controller.js';

/** Simulation endpoints of the sandbox provider (DECISIONS §11); mounted only when PIX_PROVIDER=sandbox. */
@Module({
  imports: [IdentityModule, LedgerModule, TransactionsModule],
  controllers: [SandboxDepositsController],
  providers: [DepositUseCase],
  exports: [DepositUseCase],
})
export class SandboxModule {}
