import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { LimitUsageRepository, type UsageByPeriod } from '../../application/limit-usage.repository.js';
import { LIMIT_TYPES, type LimitPeriod, type LimitType } from '../../domain/limit-kinds.js';
import type { LimitWindows } from '../../domain/limit-windows.js';

/** Stored window kinds by limit period. */
const KIND: Record<LimitPeriod, string> = { daytime: 'daytime', nighttime: 'nighttime', daily: 'day', monthly: 'month' };

@Injectable()
export class SqlLimitUsageRepository extends LimitUsageRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async usage(accountId: string, w: LimitWindows): Promise<Record<LimitType, UsageByPeriod>> {
    const starts: Record<LimitPeriod, Date> = {
      daytime: w.daytime.from,
      nighttime: w.nighttime.from,
      daily: w.day.from,
      monthly: w.month.from,
    };
    const rows = await this.sql.read<{ limit_type: LimitType; window_kind: string; used: string }>(
      `SELECT limit_type, window_kind, used::text AS used FROM limit_usage
       WHERE account_id = $1 AND ((window_kind = 'daytime' AND window_start = $2) OR (window_kind = 'nighttime' AND window_start = $3)
          OR (window_kind = 'day' AND window_start = $4) OR (window_kind = 'month' AND window_start = $5))`,
      [accountId, starts.daytime, starts.nighttime, starts.daily, starts.monthly],
    );
    const out = {} as Record<LimitType, UsageByPeriod>;
    for (const type of LIMIT_TYPES) {
      out[type] = { daytime: Money.zero(), nighttime: Money.zero(), daily: Money.zero(), monthly: Money.zero() };
    }
    for (const r of rows) {
      const period = (Object.keys(KIND) as LimitPeriod[]).find((p) => KIND[p] === r.window_kind);
      if (period && out[r.limit_type]) out[r.limit_type][period] = Money.of(r.used);
    }
    return out;
  }
}
