import { Injectable } from '@nestjs/common';
import type { Money } from '../../../../shared/money/money.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
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
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async lock(accountId: string, type: LimitType): Promise<CapOverrides> {
    const m = this.uow.manager();
    // Lazily created, so there is always a row to lock, even for the first payment of the account.
    await m.createQueryBuilder().insert().into(AccountLimitOrmEntity).values({ accountId, type, updatedAt: new Date() }).orIgnore().execute();
    const row = await m
      .createQueryBuilder(AccountLimitOrmEntity, 'l')
      .where('l.account_id = :accountId AND l.type = :type', { accountId, type })
      .setLock('pessimistic_write')
      .getOne();
    return overridesOf(row);
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
