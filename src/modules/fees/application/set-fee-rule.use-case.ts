import { Injectable } from '@nestjs/common';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { FeeRule } from '../domain/fee-rule.value-object.js';
import { FEE_TYPES, isFeeType } from '../domain/fee-types.js';
import { FeeScheduleRepository } from './fee-schedule.repository.js';

/** Admin sets one client's fee rule for one transaction type. */
@Injectable()
export class SetFeeRuleUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly schedules: FeeScheduleRepository,
  ) {}

  async execute(adminId: string, clientId: string, transactionType: string, fixed: string, percent: string): Promise<FeeRule> {
    if (!isFeeType(transactionType)) {
      throw new DomainError('FEE_TYPE_NOT_SUPPORTED', `Fees are charged only on ${FEE_TYPES.join(', ')} for now`, [
        { field: 'transaction_type', issue: `must be one of ${FEE_TYPES.join(', ')}` },
      ]);
    }
    if (!(await this.accounts.client(clientId))) throw new NotFoundError('Client', 'CLIENT_NOT_FOUND');
    const rule = FeeRule.of(fixed, percent);
    await this.schedules.save(clientId, transactionType, rule, adminId);
    return rule;
  }
}
