import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import type { LedgerEntryView } from '../../ledger/application/ledger.repository.js';
import type { Transaction } from '../domain/transaction.aggregate.js';
import { LIST_MAX_OFFSET, TransactionRepository, type TransactionFilter } from './transaction.repository.js';

const MAX_RANGE_MS = 30 * 24 * 3600 * 1000;

export interface TransactionWithEntries {
  transaction: Transaction;
  entries: LedgerEntryView[];
}

/** The caller's transactions, filtered, newest first, each with its ledger entries. */
@Injectable()
export class ListTransactionsUseCase {
  constructor(
    private readonly repo: TransactionRepository,
    private readonly ledger: LedgerService,
  ) {}

  async execute(filter: TransactionFilter): Promise<{ items: TransactionWithEntries[]; total: number }> {
    if ((filter.from === undefined) !== (filter.to === undefined)) {
      throw new DomainError('VALIDATION_ERROR', 'date_from and date_to must be used together', [
        { field: filter.from ? 'date_to' : 'date_from', issue: 'required when the other date is given' },
      ]);
    }
    if (filter.offset > LIST_MAX_OFFSET) {
      throw new DomainError('VALIDATION_ERROR', `offset may be at most ${LIST_MAX_OFFSET}; page further back with date_from and date_to`, [
        { field: 'offset', issue: `must be <= ${LIST_MAX_OFFSET}` },
      ]);
    }
    if (filter.from && filter.to) {
      if (filter.from > filter.to) {
        throw new DomainError('INVALID_DATE_RANGE', 'date_from must not be after date_to', [
          { field: 'date_from', issue: 'after date_to' },
        ]);
      }
      if (filter.to.getTime() - filter.from.getTime() > MAX_RANGE_MS) {
        throw new DomainError('DATE_RANGE_TOO_LARGE', 'The date range may span at most 30 days', [
          { field: 'date_to', issue: 'more than 30 days after date_from' },
        ]);
      }
    }
    const { items, total } = await this.repo.list(filter);
    const entries = await this.ledger.entriesFor(items.map((t) => t.id));
    return {
      total,
      items: items.map((transaction) => ({
        transaction,
        entries: entries.filter((e) => e.transactionId === transaction.id && e.accountId === transaction.snapshot.accountId),
      })),
    };
  }
}
