import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import type { Transaction, TransactionType } from '../domain/transaction.aggregate.js';
import { TransactionRepository, type StatusChange } from './transaction.repository.js';

/**
 * What other modules use to record and move transactions. Calls join the caller's unit of work,
 * so the record commits with the ledger movement and the outbox events.
 */
@Injectable()
export class TransactionsService {
  constructor(private readonly repo: TransactionRepository) {}

  record(tx: Transaction): Promise<void> {
    return this.repo.insert(tx);
  }

  save(tx: Transaction): Promise<void> {
    return this.repo.update(tx);
  }

  /**
   * The transaction row of a payment follows the payment's own state machine (one source of truth): the
   * payment moved, under its own row lock, and its transaction row takes the same status in one UPDATE.
   */
  followPayment(id: string, change: StatusChange): Promise<void> {
    return this.repo.setStatus(id, change);
  }

  async lock(id: string): Promise<Transaction> {
    const tx = await this.repo.findByIdForUpdate(id);
    if (!tx) throw new NotFoundError('Transaction', 'TRANSACTION_NOT_FOUND');
    return tx;
  }

  find(id: string): Promise<Transaction | null> {
    return this.repo.findById(id);
  }

  findByEndToEndId(clientId: string, endToEndId: string, type?: TransactionType): Promise<Transaction | null> {
    return this.repo.findByEndToEndId(clientId, endToEndId, type);
  }
}
