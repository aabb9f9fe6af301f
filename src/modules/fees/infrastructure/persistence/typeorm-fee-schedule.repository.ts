import { Injectable } from '@nestjs/common';
import Big from 'big.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { FeeScheduleRepository } from '../../application/fee-schedule.repository.js';
import { FeeRule } from '../../domain/fee-rule.value-object.js';
import { FeeScheduleOrmEntity } from './fee-schedule.orm-entity.js';

// numeric comes back as "0.5000"; the rule wants canonical decimals.
const toRule = (r: FeeScheduleOrmEntity) => FeeRule.of(r.fixedAmount.toFixed2(), new Big(r.percent).toString());

@Injectable()
export class TypeormFeeScheduleRepository extends FeeScheduleRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async find(clientId: string, transactionType: string): Promise<FeeRule | null> {
    const row = await this.uow.manager().findOne(FeeScheduleOrmEntity, { where: { clientId, transactionType } });
    return row ? toRule(row) : null;
  }

  async list(clientId: string) {
    const rows = await this.uow.manager().find(FeeScheduleOrmEntity, { where: { clientId }, order: { transactionType: 'ASC' } });
    return rows.map((r) => ({ transactionType: r.transactionType, rule: toRule(r), updatedAt: r.updatedAt }));
  }

  async save(clientId: string, transactionType: string, rule: FeeRule, adminId: string): Promise<void> {
    await this.uow
      .manager()
      .upsert(
        FeeScheduleOrmEntity,
        { clientId, transactionType, fixedAmount: rule.fixed, percent: rule.percent, updatedBy: adminId, updatedAt: new Date() },
        ['clientId', 'transactionType'],
      );
  }
}
