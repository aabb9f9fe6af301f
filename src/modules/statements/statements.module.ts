import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { ExportStatementUseCase } from './application/export-statement.use-case.js';
import { StatementDownloads } from './application/statement-downloads.js';
import { StatementsController } from './infrastructure/http/statements.controller.js';

/** Account statements (CSV, OFX) streamed from the ledger, with the payment behind each entry. */
@Module({
  imports: [IdentityModule, LedgerModule, TransactionsModule],
  controllers: [StatementsController],
  providers: [ExportStatementUseCase, StatementDownloads],
})
export class StatementsModule {}
