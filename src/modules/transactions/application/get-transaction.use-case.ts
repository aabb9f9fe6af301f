import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import type { TransactionWithEntries } from './list-transactions.use-case.js';
import { TransactionRepository } from './transaction.repository.js';

/** One of the caller's transactions; another client's is answered as missing. */
@Injectable()
export class GetTransactionUseCase {
  constructor(
    private readonly repo: TransactionRepository,
    private readonly ledger: LedgerService,
  ) {}

  async execute(clientId: string, id: string): Promise<TransactionWithEntries> {
    const transaction = await this.repo.findById(id);
    if (!transaction || transaction.snapshot.clientId !== clientId) {
      throw new NotFoundError('Transaction', 'TRANSACTION_NOT_FOUND');
    }
    const entries = (await this.ledger.entriesFor([id])).filter((e) => e.accountId === transaction.snapshot.accountId);
    return { transaction, entries };
  }
}
