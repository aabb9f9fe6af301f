import type { Money } from '../../../shared/money/money.js';
import type { CapOverrides } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';

/**
 * Port to the per-(account, type) caps an account has instead of the defaults: the caps set (`setCap`) and
 * the approved raises waiting for their time (`scheduleCap`). Every read is "as at" an instant: a scheduled
 * cap counts from its `effectiveAt` on, the cap before it until then
 * (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
 */
export abstract class AccountLimitsRepository {
  /** The overrides of one type of the account in force at `at` (none when there is no row), without locking. */
  abstract overridesFor(accountId: string, type: LimitType, at: Date): Promise<CapOverrides>;
  /** Overrides of every type of the account in force at `at`, without locking. */
  abstract overrides(accountId: string, at: Date): Promise<Partial<Record<LimitType, CapOverrides>>>;
  /** Sets one cap now (creating the row if needed); a scheduled change of that cap is dropped. */
  abstract setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, now: Date): Promise<void>;
  /**
   * Makes `amount` the cap from `effectiveAt` on. A scheduled change already in force at `now` becomes the
   * set cap first, so replacing the schedule never brings back an older cap.
   */
  abstract scheduleCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, effectiveAt: Date, now: Date): Promise<void>;
}
