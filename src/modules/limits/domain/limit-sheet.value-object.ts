import { Money } from '../../../shared/money/money.js';
import type { CapTable } from './default-limits.js';
import type { DayPeriod, LimitPeriod, LimitType } from './limit-kinds.js';

export interface CapStatus {
  limit: Money;
  used: Money;
  available: Money;
}

export interface CapBreach extends CapStatus {
  period: LimitPeriod;
}

/** One limit type of one account at one instant: its four caps and what each window has used. */
export class LimitSheet {
  constructor(
    readonly type: LimitType,
    private readonly caps: CapTable,
    private readonly used: Record<LimitPeriod, Money>,
    /** The day period the instant falls in; only its cap binds a payment made now. */
    readonly current: DayPeriod,
  ) {}

  status(period: LimitPeriod): CapStatus {
    const limit = this.caps[period];
    const used = this.used[period];
    return { limit, used, available: Money.max(Money.zero(), limit.minus(used)) };
  }

  /** The sheet as it stood before `amount`, already counted in the windows binding now, was added. */
  without(amount: Money): LimitSheet {
    const used = { ...this.used };
    for (const period of [this.current, 'daily', 'monthly'] as const) used[period] = Money.max(Money.zero(), used[period].minus(amount));
    return new LimitSheet(this.type, this.caps, used, this.current);
  }

  /**
   * The caps `amount` would overflow now (current day period, daily, monthly), tightest first;
   * empty when it fits all three.
   */
  breaches(amount: Money): CapBreach[] {
    const binding: LimitPeriod[] = [this.current, 'daily', 'monthly'];
    return binding
      .map((period) => ({ period, ...this.status(period) }))
      .filter((s) => s.used.plus(amount).gt(s.limit))
      .sort((a, b) => (a.available.lt(b.available) ? -1 : a.available.gt(b.available) ? 1 : 0));
  }
}
