import { Injectable } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { FeeScheduleRepository } from './fee-schedule.repository.js';

/** What other modules ask: the fee for an amount of a transaction type (zero when no rule is set). */
@Injectable()
export class FeePolicy {
  constructor(private readonly schedules: FeeScheduleRepository) {}

  async feeFor(clientId: string, transactionType: string, amount: Money): Promise<Money> {
    const rule = await this.schedules.find(clientId, transactionType);
    return rule ? rule.feeFor(amount) : Money.zero();
  }
}
