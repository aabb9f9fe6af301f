import type { PersonType } from '../../../shared/domain/tax-id.js';
import type { Money } from '../../../shared/money/money.js';
import type { LimitType } from '../domain/limit-kinds.js';

export type { LimitType };

export interface LimitCheck {
  clientId: string;
  accountId: string;
  type: LimitType;
  amount: Money;
  at: Date;
  /** The holder's person type when the caller already has it (saves a read under the limits lock). */
  personType?: PersonType;
  /** With `personType`: whether the holder is a MEI (a natural person's nighttime Pix cap). */
  mei?: boolean;
}

/**
 * Port the payment use cases call inside their database transaction, right AFTER writing their
 * transaction row (which adds the payment to its windows' usage counters and locks them until that
 * transaction ends, so two concurrent payments cannot both fit under the same remaining cap). Throws
 * LIMIT_EXCEEDED (400) when `amount` did not fit in the current daytime/nighttime, daily or monthly
 * window; the caller's transaction then rolls back, and the counters with it.
 */
export abstract class LimitPolicy {
  abstract assertWithinLimits(check: LimitCheck): Promise<void>;
}
