import type { Money } from '../../../shared/money/money.js';
import type { CapOverrides } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import type { NighttimeStart } from '../domain/limit-windows.js';

/** An account's nighttime start at an instant, and a change waiting for its 06:00 if there is one. */
export interface NighttimeSetting {
  inForce: NighttimeStart;
  next: { start: NighttimeStart; effectiveAt: Date } | null;
}

/** The setting as at `at`, from the stored row (none: 20:00). */
export function nighttimeSettingAt(
  row: { start: NighttimeStart; previous: NighttimeStart; effectiveAt: Date } | undefined,
  at: Date,
): NighttimeSetting {
  if (!row) return { inForce: '20:00', next: null };
  if (row.effectiveAt.getTime() <= at.getTime()) return { inForce: row.start, next: null };
  return { inForce: row.previous, next: row.start === row.previous ? null : { start: row.start, effectiveAt: row.effectiveAt } };
}

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
  /** When the account's nighttime starts at `at` (20:00 without a row), without locking. */
  abstract nighttimeStart(accountId: string, at: Date): Promise<NighttimeSetting>;
  /** `start` from `effectiveAt` on; the start in force at `now` until then (replacing a change still waiting). */
  abstract setNighttimeStart(accountId: string, start: NighttimeStart, effectiveAt: Date, now: Date): Promise<void>;
}
