import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { AccountLimitsRepository, nighttimeSettingAt, type NighttimeSetting } from '../../application/account-limits.repository.js';
import type { CapOverrides } from '../../domain/default-limits.js';
import { LIMIT_PERIODS, type LimitPeriod, type LimitType } from '../../domain/limit-kinds.js';
import type { NighttimeStart } from '../../domain/limit-windows.js';

const startOf = (hour: number): NighttimeStart => (hour === 22 ? '22:00' : '20:00');

/** The caps of one row, each as numeric text (null: the default), by limit period. */
type CapsRow = Record<LimitPeriod, string | null>;

/** One statement per period, each naming its own column: no column name is ever put together at run time. */
const SET_CAP: Record<LimitPeriod, string> = {
  daytime: `INSERT INTO account_limits (account_id, type, daytime_limit, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (account_id, type) DO UPDATE SET daytime_limit = EXCLUDED.daytime_limit, updated_at = EXCLUDED.updated_at`,
  nighttime: `INSERT INTO account_limits (account_id, type, nighttime_limit, updated_at) VALUES ($1, $2, $3, $4)
              ON CONFLICT (account_id, type) DO UPDATE SET nighttime_limit = EXCLUDED.nighttime_limit, updated_at = EXCLUDED.updated_at`,
  daily: `INSERT INTO account_limits (account_id, type, daily_limit, updated_at) VALUES ($1, $2, $3, $4)
          ON CONFLICT (account_id, type) DO UPDATE SET daily_limit = EXCLUDED.daily_limit, updated_at = EXCLUDED.updated_at`,
  monthly: `INSERT INTO account_limits (account_id, type, monthly_limit, updated_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (account_id, type) DO UPDATE SET monthly_limit = EXCLUDED.monthly_limit, updated_at = EXCLUDED.updated_at`,
};

function overridesOf(row: CapsRow): CapOverrides {
  const out: CapOverrides = {};
  for (const period of LIMIT_PERIODS) {
    const value = row[period];
    if (value !== null) out[period] = Money.of(value);
  }
  return out;
}

/** A scheduled change in force at the instant asked about. */
interface ScheduledRow {
  type: LimitType;
  period: LimitPeriod;
  amount: string;
}

/** The set caps, with each scheduled change in force at the instant laid over its period. */
function withScheduled(row: CapsRow | undefined, scheduled: ScheduledRow[]): CapOverrides {
  const out = row ? overridesOf(row) : {};
  for (const change of scheduled) out[change.period] = Money.of(change.amount);
  return out;
}

@Injectable()
export class SqlAccountLimitsRepository extends AccountLimitsRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  /** In every payment's transaction: one primary-key probe and one index range, sent together. */
  async overridesFor(accountId: string, type: LimitType, at: Date): Promise<CapOverrides> {
    const [[row], scheduled] = await Promise.all([
      this.sql.read<CapsRow>(
        `SELECT daytime_limit::text AS daytime, nighttime_limit::text AS nighttime, daily_limit::text AS daily,
                monthly_limit::text AS monthly
         FROM account_limits WHERE account_id = $1 AND type = $2`,
        [accountId, type],
      ),
      this.sql.read<ScheduledRow>(
        `SELECT type, period, amount::text AS amount FROM limit_cap_schedule
         WHERE account_id = $1 AND type = $2 AND effective_at <= $3`,
        [accountId, type, at],
      ),
    ]);
    return withScheduled(row, scheduled);
  }

  async overrides(accountId: string, at: Date): Promise<Partial<Record<LimitType, CapOverrides>>> {
    const [rows, scheduled] = await Promise.all([
      this.sql.read<CapsRow & { type: LimitType }>(
        `SELECT type, daytime_limit::text AS daytime, nighttime_limit::text AS nighttime, daily_limit::text AS daily,
                monthly_limit::text AS monthly
         FROM account_limits WHERE account_id = $1`,
        [accountId],
      ),
      this.sql.read<ScheduledRow>(
        `SELECT type, period, amount::text AS amount FROM limit_cap_schedule WHERE account_id = $1 AND effective_at <= $2`,
        [accountId, at],
      ),
    ]);
    const types = new Set<LimitType>([...rows.map((r) => r.type), ...scheduled.map((c) => c.type)]);
    return Object.fromEntries(
      [...types].map((type) => [
        type,
        withScheduled(
          rows.find((r) => r.type === type),
          scheduled.filter((c) => c.type === type),
        ),
      ]),
    );
  }

  async setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, now: Date): Promise<void> {
    const statement = SET_CAP[period];
    if (!statement) throw new Error(`unknown limit period: ${String(period)}`);
    await this.sql.write(statement, [accountId, type, amount.toFixed6(), now]);
    await this.sql.write(`DELETE FROM limit_cap_schedule WHERE account_id = $1 AND type = $2 AND period = $3`, [accountId, type, period]);
  }

  async scheduleCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, effectiveAt: Date, now: Date): Promise<void> {
    const [inForce] = await this.sql.read<{ amount: string }>(
      `SELECT amount::text AS amount FROM limit_cap_schedule
       WHERE account_id = $1 AND type = $2 AND period = $3 AND effective_at <= $4 FOR UPDATE`,
      [accountId, type, period, now],
    );
    if (inForce) await this.setCap(accountId, type, period, Money.of(inForce.amount), now);
    await this.sql.write(
      `INSERT INTO limit_cap_schedule (account_id, type, period, amount, effective_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, type, period) DO UPDATE SET amount = EXCLUDED.amount, effective_at = EXCLUDED.effective_at`,
      [accountId, type, period, amount.toFixed6(), effectiveAt],
    );
  }

  /** One primary-key probe; in a payment's transaction it goes with the caps and the counters. */
  async nighttimeStart(accountId: string, at: Date): Promise<NighttimeSetting> {
    const [row] = await this.sql.read<{ start: number; previous: number; effective_at: Date }>(
      `SELECT nighttime_start_hour AS start, previous_nighttime_start_hour AS previous, effective_at
       FROM account_limit_settings WHERE account_id = $1`,
      [accountId],
    );
    return nighttimeSettingAt(row && { start: startOf(row.start), previous: startOf(row.previous), effectiveAt: row.effective_at }, at);
  }

  async setNighttimeStart(accountId: string, start: NighttimeStart, effectiveAt: Date, now: Date): Promise<void> {
    await this.sql.write(
      `INSERT INTO account_limit_settings AS s (account_id, nighttime_start_hour, previous_nighttime_start_hour, effective_at, updated_at)
       VALUES ($1, $2, 20, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET
         previous_nighttime_start_hour = CASE WHEN s.effective_at <= $4 THEN s.nighttime_start_hour ELSE s.previous_nighttime_start_hour END,
         nighttime_start_hour = EXCLUDED.nighttime_start_hour, effective_at = EXCLUDED.effective_at, updated_at = EXCLUDED.updated_at`,
      [accountId, start === '22:00' ? 22 : 20, effectiveAt, now],
    );
  }
}
