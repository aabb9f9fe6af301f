import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DependencyUnavailableError } from '../errors/dependency-outage.js';
import { DomainError } from '../errors/domain-error.js';
import { RedisConnection } from '../redis/redis.provider.js';

/** 429 with the seconds until a point frees up (rendered as Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many requests; retry after ${retryAfterSeconds} s`,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * The budget key of a caller-supplied API key id (its first 64 characters, as before), hashed: a secret
 * pasted into `x-key-id` by mistake must not become a Redis key name, stored in plain text for a minute.
 */
export const keyIdBudgetKey = (keyId: string): string => createHash('sha256').update(keyId.slice(0, 64)).digest('base64url');

/** Points a process leases at once: 1% of the minute's budget (at least one point). */
export const leaseSizeFor = (points: number): number => Math.max(1, Math.floor(points / 100));
const MAX_LEASES = 10_000;

/**
 * A named budget of points per minute per key, shared by every process through Redis, spent in leases:
 * a process takes `leaseSize` points (or the cost, if larger) from Redis at once and spends them locally
 * until they run out or the Redis window ends, so a hot path asks Redis about once per lease instead of
 * on every request. With a one-point lease (budgets under 200 a minute) every point is asked of Redis,
 * exactly as without leases. A larger lease errs only on the strict side, by at most one lease per
 * process and key: points leased but not spent still count, and a lease refused near the end of the
 * budget spends what was left of it.
 */
export class PerMinuteBudget {
  private readonly leases = new Map<string, { left: number; until: number }>();

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly leaseSize = 1,
    /** Milliseconds, to end a lease with its Redis window (a duration: no business time is read). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Spends `cost` points of `key`'s budget or throws RateLimitedError. */
  async consume(key: string, cost = 1): Promise<void> {
    if (this.spendLeased(key, cost)) return;
    const take = Math.max(this.leaseSize, cost);
    let granted: RateLimiterRes;
    try {
      granted = await this.limiter.consume(key, take);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
      // Redis could not be asked: the budget is unknown, so refuse for now rather than serve unmetered.
      throw new DependencyUnavailableError('redis');
    }
    if (take > cost) {
      if (this.leases.size >= MAX_LEASES) this.leases.clear();
      this.leases.set(key, { left: take - cost, until: this.now() + granted.msBeforeNext });
    }
  }

  /** Spends points without refusing (e.g. the extra cost of a miss after the answer is known). */
  async penalize(key: string, cost: number): Promise<void> {
    if (this.spendLeased(key, cost)) return;
    try {
      await this.limiter.penalty(key, cost);
    } catch {
      throw new DependencyUnavailableError('redis');
    }
  }

  /** Takes `cost` from the key's current lease when it holds that many; false when Redis must be asked. */
  private spendLeased(key: string, cost: number): boolean {
    const lease = this.leases.get(key);
    if (!lease || lease.left < cost || this.now() >= lease.until) return false;
    lease.left -= cost;
    return true;
  }
}

/**
 * A budget of failures per minute per key, shared through Redis, that only failures spend: `ensureLeft`
 * refuses (429) once `points` failures were recorded in the window and spends nothing; `spend` records one
 * failure. A success costs nothing, so it never locks anyone out. Checking and recording are two steps, so
 * requests in flight at once may pass the check together: the bound is exceeded by at most those.
 */
export class FailureBudget {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Throws RateLimitedError when `key` has no failure left this window. */
  async ensureLeft(key: string): Promise<void> {
    let spent: RateLimiterRes | null;
    try {
      spent = await this.limiter.get(key);
    } catch {
      throw new DependencyUnavailableError('redis');
    }
    if (spent && spent.consumedPoints >= this.limiter.points) {
      throw new RateLimitedError(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)));
    }
  }

  /** Records one failure of `key` (never refuses). */
  async spend(key: string): Promise<void> {
    try {
      await this.limiter.penalty(key, 1);
    } catch {
      throw new DependencyUnavailableError('redis');
    }
  }
}

@Injectable()
export class RateLimiterFactory {
  constructor(
    private readonly redis: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  perMinute(name: string, points: number): PerMinuteBudget {
    return new PerMinuteBudget(this.limiter(name, points), leaseSizeFor(points));
  }

  /** A budget of `points` failures per minute per key, which only failures spend. */
  failures(name: string, points: number): FailureBudget {
    return new FailureBudget(this.limiter(name, points));
  }

  private limiter(name: string, points: number): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this.redis.client,
      keyPrefix: `${this.config.redisKeyPrefix}:rl:${name}`,
      points,
      duration: 60,
    });
  }
}
