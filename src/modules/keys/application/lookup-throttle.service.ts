import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { RateLimiterFactory, type PerMinuteBudget } from '../../../shared/rate-limit/rate-limiter.js';

/** A look-up that finds something costs 1 point of the budget; one that finds nothing costs this many. */
export const LOOKUP_HIT_COST = 1;
export const LOOKUP_MISS_COST = 5;

/**
 * Anti-scan budget of key and account look-ups per client (docs/conventions.md §10), shared by every process
 * through Redis: `LOOKUP_RATE_LIMIT_PER_MINUTE` points, misses cost more, so walking through
 * guessed keys runs dry quickly. Exhausted -> 429 RATE_LIMITED with Retry-After.
 */
@Injectable()
export class LookupThrottle {
  private readonly budget: PerMinuteBudget;

  constructor(limiter: RateLimiterFactory, @Inject(APP_CONFIG) config: Pick<AppConfig, 'lookupRateLimitPerMinute'>) {
    this.budget = limiter.perMinute('lookup', config.lookupRateLimitPerMinute);
  }

  /** Spends the price of a hit, or throws RATE_LIMITED when the budget is spent. */
  beforeLookup(clientId: string): Promise<void> {
    return this.budget.consume(clientId, LOOKUP_HIT_COST);
  }

  /** Charges the rest of a miss once the answer is known. */
  async afterLookup(clientId: string, found: boolean): Promise<void> {
    if (!found) await this.budget.penalize(clientId, LOOKUP_MISS_COST - LOOKUP_HIT_COST);
  }

  /**
   * Runs a look-up of a key or account on `clientId`'s budget: every path that can tell whether a key or
   * account exists (key GET, QR decode, cash-out Flows 1 and 2, P2P look-up) goes through here.
   */
  async metered<T>(clientId: string, lookup: () => Promise<T | null>): Promise<T | null> {
    await this.beforeLookup(clientId);
    const found = await lookup();
    await this.afterLookup(clientId, found !== null);
    return found;
  }
}
