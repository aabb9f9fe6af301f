import { Injectable } from '@nestjs/common';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { Money } from '../../../shared/money/money.js';
import type { Charge } from '../domain/charge.aggregate.js';
import { ChargeRepository } from './charge.repository.js';

/**
 * The one save of a charge that moved: its `cash_in_charges` row and its statement line, which follows it
 * (`Charge.statementEntry()`, docs/adr/0199-statement-follows-the-payment.md), in the caller's unit of work.
 * A paid charge's line also takes `priced.fee`, what `CashInCredits` charged on it. Both statements start
 * together, so they share a round trip. Use cases save a moved charge only here, never through
 * `ChargeRepository.update`, so none can move it without its statement following.
 */
@Injectable()
export class ChargeStore {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly transactions: TransactionsService,
  ) {}

  async save(charge: Charge, priced?: { fee: Money }): Promise<void> {
    await allInOrder([this.charges.update(charge), this.transactions.follow(charge, priced)]);
  }
}
