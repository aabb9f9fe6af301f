import { Injectable } from '@nestjs/common';
import type { Money } from '../../../../shared/money/money.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { AccountLimitsRepository } from '../../application/account-limits.repository.js';
import type { CapOverrides } from '../../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../../domain/limit-kinds.js';
import { AccountLimitOrmEntity } from './account-limit.orm-entity.js';

const COLUMN: Record<LimitPeriod, keyof AccountLimitOrmEntity & `${string}Limit`> = {
  daytime: 'daytimeLimit',
  nighttime: 'nighttimeLimit',
  daily: 'dailyLimit',
  monthly: 'monthlyLimit',
};

function overridesOf(row: AccountLimitOrmEntity | null): CapOverrides {
  const out: CapOverrides = {};
  if (!row) return out;
  for (const [period, column] of Object.entries(COLUMN) as [LimitPeriod, (typeof COLUMN)[LimitPeriod]][]) {
    const value = row[column];
    if (value) out[period] = value;
  }
  return out;
}

@Injectable()
export class TypeormAccountLimitsRepository extends AccountLimitsRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async overridesFor(accountId: string, type: LimitType): Promise<CapOverrides> {
    return overridesOf(await this.uow.manager().findOne(AccountLimitOrmEntity, { where: { accountId, type } }));
  }

  async overrides(accountId: string): Promise<Partial<Record<LimitType, CapOverrides>>> {
    const rows = await this.uow.manager().find(AccountLimitOrmEntity, { where: { accountId } });
    return Object.fromEntries(rows.map((r) => [r.type, overridesOf(r)]));
  }

  async setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, now: Date): Promise<void> {
    const column = COLUMN[period];
    await this.uow
      .manager()
      .createQueryBuilder()
      .insert()
      .into(AccountLimitOrmEntity)
      .values({ accountId, type, [column]: amount, updatedAt: now })
      .orUpdate([`${period}_limit`, 'updated_at'], ['account_id', 'type'])
      .execute();
  }
}
