import type { Money } from '../../../shared/money/money.js';
import type { CapOverrides } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';

/** Port to the per-(account, type) row holding approved cap overrides; it doubles as the usage lock. */
export abstract class AccountLimitsRepository {
  /**
   * Creates the row if missing and locks it FOR UPDATE until the caller's transaction ends, so
   * checks of the same account and type run one at a time. Returns its overrides.
   */
  abstract lock(accountId: string, type: LimitType): Promise<CapOverrides>;
  /** Overrides of every type of the account, without locking. */
  abstract overrides(accountId: string): Promise<Partial<Record<LimitType, CapOverrides>>>;
  /** Sets one cap (creating the row if needed); takes the same row lock as `lock`. */
  abstract setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, now: Date): Promise<void>;
}
