import { Module } from '@nestjs/common';
import { CashInCreditsModule } from '../cash-in/cash-in-credits.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { DepositUseCase } from './application/deposit.use-case.js';

/** The deposit use case alone (no endpoints), for the CLI's opening balances. */
@Module({
  imports: [IdentityModule, LedgerModule, TransactionsModule, CashInCreditsModule, ParticipantsModule],
  providers: [DepositUseCase],
  exports: [DepositUseCase],
})
export class SandboxDepositsModule {}
