import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { LimitUsageRepository, type UsageByPeriod } from '../../application/limit-usage.repository.js';
import { LIMIT_TYPES, type LimitPeriod, type LimitType } from '../../domain/limit-kinds.js';
import type { LimitWindows } from '../../domain/limit-windows.js';

/** Stored window kinds by limit period. */
const KIND: Record<LimitPeriod, string> = { daytime: 'daytime', nighttime: 'nighttime', daily: 'day', monthly: 'month' };
const PERIODS = Object.keys(KIND) as LimitPeriod[];

const startOf = (w: LimitWindows, period: LimitPeriod): Date =>
  ({ daytime: w.daytime.from, nighttime: w.nighttime.from, daily: w.day.from, monthly: w.month.from })[period];

@Injectable()
export class SqlLimitUsageRepository extends LimitUsageRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async usage(accountId: string, w: LimitWindows): Promise<Record<LimitType, UsageByPeriod>> {
    const [only] = await this.usageOfEach(accountId, [w]);
    return only!;
  }

  /**
   * One statement for every set of windows: the distinct (kind, start) pairs they name, each an equality
   * on the counters' key, so the read stays an index look-up of a handful of rows.
   */
  override async usageOfEach(accountId: string, ws: readonly LimitWindows[]): Promise<Record<LimitType, UsageByPeriod>[]> {
    // Every value a bound parameter (docs/adr/0087-values-travel-as-bound-parameters.md): each pair's kind and start.
    const params: unknown[] = [accountId];
    const conditions: string[] = [];
    const seen = new Set<string>();
    for (const w of ws) {
      for (const period of PERIODS) {
        const key = `${KIND[period]}@${startOf(w, period).toISOString()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        params.push(KIND[period], startOf(w, period));
        conditions.push(`(window_kind = $${params.length - 1} AND window_start = $${params.length})`);
      }
    }
    const rows = await this.sql.read<{ limit_type: LimitType; window_kind: string; window_start: Date; used: string }>(
      `SELECT limit_type, window_kind, window_start, used::text AS used FROM limit_usage
       WHERE account_id = $1 AND (${conditions.join(' OR ')})`,
      params,
    );
    const used = new Map(rows.map((r) => [`${r.limit_type}|${r.window_kind}@${new Date(r.window_start).toISOString()}`, r.used]));
    return ws.map((w) => {
      const out = {} as Record<LimitType, UsageByPeriod>;
      for (const type of LIMIT_TYPES) {
        const byPeriod = {} as UsageByPeriod;
        for (const period of PERIODS) {
          const value = used.get(`${type}|${KIND[period]}@${startOf(w, period).toISOString()}`);
          byPeriod[period] = value === undefined ? Money.zero() : Money.of(value);
        }
        out[type] = byPeriod;
      }
      return out;
    });
  }
}
