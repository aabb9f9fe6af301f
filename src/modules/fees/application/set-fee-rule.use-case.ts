import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { FeeRule } from '../domain/fee-rule.value-object.js';
import { FeeScheduleRepository } from './fee-schedule.repository.js';

/** Admin sets one client's fee rule for one transaction type. */
@Injectable()
export class SetFeeRuleUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly schedules: FeeScheduleRepository,
  ) {}

  async execute(adminId: string, clientId: string, transactionType: string, fixed: string, percent: string): Promise<FeeRule> {
    if (!(await this.accounts.client(clientId))) throw new NotFoundError('Client', 'CLIENT_NOT_FOUND');
    const rule = FeeRule.of(fixed, percent);
    await this.schedules.save(clientId, transactionType, rule, adminId);
    return rule;
  }
}
