import { Injectable } from '@nestjs/common';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';

/**
 * The one save of a cash-out that moved: its `cash_outs` row and its statement line, which follows it
 * (`CashOut.statementEntry()`, docs/adr/0199-statement-follows-the-payment.md), in the caller's unit of work.
 * Both statements start together, so they share a round trip. Use cases save a moved cash-out only here,
 * never through `CashOutRepository.update`, so none can move it without its statement following.
 */
@Injectable()
export class CashOutStore {
  constructor(
    private readonly cashOuts: CashOutRepository,
    private readonly transactions: TransactionsService,
  ) {}

  async save(cashOut: CashOut): Promise<void> {
    await allInOrder([this.cashOuts.update(cashOut), this.transactions.follow(cashOut)]);
  }
}
