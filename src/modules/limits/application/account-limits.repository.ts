import type { Money } from '../../../shared/money/money.js';
import type { CapOverrides } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';

/** Port to the per-(account, type) row holding approved cap overrides. */
export abstract class AccountLimitsRepository {
  /** The overrides of one type of the account (none when there is no row), without locking. */
  abstract overridesFor(accountId: string, type: LimitType): Promise<CapOverrides>;
  /** Overrides of every type of the account, without locking. */
  abstract overrides(accountId: string): Promise<Partial<Record<LimitType, CapOverrides>>>;
  /** Sets one cap (creating the row if needed). */
  abstract setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, now: Date): Promise<void>;
}
