import { Injectable } from '@nestjs/common';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { Reversal } from '../domain/reversal.aggregate.js';
import { ReversalRepository } from './reversal.repository.js';

/**
 * The one save of a reversal that moved: its `reversals` row and its statement line, which follows it
 * (`Reversal.statementEntry()`, docs/adr/0199-statement-follows-the-payment.md), in the caller's unit of work.
 * Both statements start together, so they share a round trip. Use cases save a moved reversal only here,
 * never through `ReversalRepository.update`, so none can move it without its statement following.
 */
@Injectable()
export class ReversalStore {
  constructor(
    private readonly reversals: ReversalRepository,
    private readonly transactions: TransactionsService,
  ) {}

  async save(reversal: Reversal): Promise<void> {
    await allInOrder([this.reversals.update(reversal), this.transactions.follow(reversal)]);
  }
}
