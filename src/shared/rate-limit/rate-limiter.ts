import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DependencyUnavailableError } from '../errors/dependency-outage.js';
import { DomainError } from '../errors/domain-error.js';
import { RedisConnection } from '../redis/redis.provider.js';

/** 429 with the seconds until a point frees up (rendered as Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many requests; retry after ${retryAfterSeconds} s`);
  }
}

/** A named budget of points per minute per key, shared by every process through Redis. */
export class PerMinuteBudget {
  constructor(private readonly limiter: RateLimiterRedis) {}

  /** Spends `cost` points of `key`'s budget or throws RateLimitedError. */
  async consume(key: string, cost = 1): Promise<void> {
    try {
      await this.limiter.consume(key, cost);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
      // Redis could not be asked: the budget is unknown, so refuse for now rather than serve unmetered.
      throw new DependencyUnavailableError('redis');
    }
  }

  /** Spends points without refusing (e.g. the extra cost of a miss after the answer is known). */
  async penalize(key: string, cost: number): Promise<void> {
    try {
      await this.limiter.penalty(key, cost);
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
    return new PerMinuteBudget(
      new RateLimiterRedis({
        storeClient: this.redis.client,
        keyPrefix: `${this.config.redisKeyPrefix}:rl:${name}`,
        points,
        duration: 60,
      }),
    );
  }
}
