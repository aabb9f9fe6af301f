import { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppConfig } from '../../../config/app.config.js';
import { PerMinuteBudget, RateLimiterFactory } from '../../../shared/rate-limit/rate-limiter.js';
import { LookupThrottle } from './lookup-throttle.service.js';

/**
 * rate-limiter-flexible's in-process limiter with the (no-op here) members of its Redis limiter, so the
 * real PerMinuteBudget can run on it: points, penalties and refusals work as against Redis.
 */
class ProcessMemoryLimiter extends RateLimiterMemory {
  blockOnConsumed = 0;
  deleteInMemoryBlockedAll(): void {}
}

/**
 * RateLimiterFactory whose budgets live in this process. Its Redis connection is never used: the client
 * is created with `lazyConnect` (it connects on its first command, and none is sent) only because the
 * base class takes a connection.
 */
export class InMemoryRateLimiters extends RateLimiterFactory {
  constructor(config: AppConfig) {
    super({ client: new Redis({ lazyConnect: true }), onApplicationShutdown: async () => undefined }, config);
  }

  override perMinute(name: string, points: number): PerMinuteBudget {
    return new PerMinuteBudget(new ProcessMemoryLimiter({ keyPrefix: name, points, duration: 60 }));
  }
}

/** The real LookupThrottle (anti-scan budget of LOOKUP_RATE_LIMIT_PER_MINUTE points) over in-process budgets. */
export function inMemoryLookupThrottle(config: AppConfig): LookupThrottle {
  return new LookupThrottle(new InMemoryRateLimiters(config), config);
}
