import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/money/money.js';
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

  /** In every payment's transaction: plain SQL, so it travels with the writes before it in one round trip. */
  async overridesFor(accountId: string, type: LimitType): Promise<CapOverrides> {
    const [row] = await this.uow.read<Record<'daytime' | 'nighttime' | 'daily' | 'monthly', string | null>>(
      `SELECT daytime_limit::text AS daytime, nighttime_limit::text AS nighttime, daily_limit::text AS daily,
              monthly_limit::text AS monthly
       FROM account_limits WHERE account_id = $1 AND type = $2`,
      [accountId, type],
    );
    const out: CapOverrides = {};
    if (!row) return out;
    for (const period of Object.keys(COLUMN) as LimitPeriod[]) {
      const value = row[period];
      if (value !== null) out[period] = Money.of(value);
    }
    return out;
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
