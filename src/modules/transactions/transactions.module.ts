import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module.js';
import { GetTransactionUseCase } from './application/get-transaction.use-case.js';
import { ListTransactionsUseCase } from './application/list-transactions.use-case.js';
import { TransactionRepository } from './application/transaction.repository.js';
import { TransactionsService } from './application/transactions.service.js';
import { TransactionsController } from './infrastructure/http/transactions.controller.js';
import { SqlTransactionRepository } from './infrastructure/persistence/sql-transaction.repository.js';

/** The client's record of every money movement, and its list/get endpoints. */
@Module({
  imports: [LedgerModule],
  controllers: [TransactionsController],
  providers: [
    { provide: TransactionRepository, useClass: SqlTransactionRepository },
    TransactionsService,
    ListTransactionsUseCase,
    GetTransactionUseCase,
  ],
  exports: [TransactionsService],
})
export class TransactionsModule {}
