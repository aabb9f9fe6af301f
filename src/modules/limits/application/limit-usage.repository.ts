import type { Money } from '../../../shared/money/money.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import type { LimitWindows } from '../domain/limit-windows.js';

export type UsageByPeriod = Record<LimitPeriod, Money>;

/**
 * Port to the stored usage counters (one per account, limit type and window). The database keeps them
 * in the payments' own transactions (see migration LimitUsage1763910000000), so reading them is O(1).
 */
export abstract class LimitUsageRepository {
  /**
   * What each limit type has used in `windows` (the day period windows, the day, the month). Inside a
   * payment's unit of work, after its transaction row was written, the payment's own counters are
   * already locked by that write: the answer includes the payment and no other payment can change it.
   */
  abstract usage(accountId: string, windows: LimitWindows): Promise<Record<LimitType, UsageByPeriod>>;

  /**
   * `usage` for several sets of windows at once, in their order (the policy reads both possible nighttime
   * starts of an account). By default one `usage` each; a store may answer them all with one statement.
   */
  usageOfEach(accountId: string, windows: readonly LimitWindows[]): Promise<Record<LimitType, UsageByPeriod>[]> {
    return Promise.all(windows.map((w) => this.usage(accountId, w)));
  }
}
