import type { AppConfig } from '../../config/app.config.js';
import { DomainError } from '../errors/domain-error.js';
import { type FailureBudget, keyIdBudgetKey, type RateLimiterFactory } from '../rate-limit/rate-limiter.js';

/** The address part of a budget key: a client address is at most 45 characters (IPv6); anything longer is cut. */
const sourceKey = (source: string): string => source.slice(0, 64);

/**
 * The throttle of API-key credential checks (the token endpoint, and the key pair sent in place of a token),
 * on failure budgets only: `TOKEN_RATE_LIMIT_PER_MINUTE` failures per minute per key id AND source address,
 * and five times that per source address (whatever key ids it tries). Only a failed check spends them, so a
 * merchant's correct calls are never capped here, and a source guessing one key's secret locks out only
 * itself for that key: the right secret from another source still works.
 */
export class CredentialThrottle {
  private readonly perKeyAndSource: FailureBudget;
  private readonly perSource: FailureBudget;

  constructor(limiters: RateLimiterFactory, config: Pick<AppConfig, 'tokenRateLimitPerMinute'>) {
    this.perKeyAndSource = limiters.failures('auth-fail-key-source', config.tokenRateLimitPerMinute);
    this.perSource = limiters.failures('auth-fail-source', config.tokenRateLimitPerMinute * 5);
  }

  /**
   * Refuses (429, Retry-After) a source whose failure budget, for this key or overall, is spent; otherwise
   * runs `check`. A missing half of the pair, a null answer or an INVALID_CREDENTIALS thrown by `check`
   * spends one failure of each budget and is answered 401 INVALID_CREDENTIALS.
   */
  async check<T>(
    keyId: string | undefined,
    secret: string | undefined,
    source: string | undefined,
    check: (keyId: string, secret: string) => Promise<T | null>,
  ): Promise<T> {
    const from = sourceKey(source || 'unknown');
    const keyAndSource = keyId ? `${keyIdBudgetKey(keyId)}:${from}` : undefined;
    await this.perSource.ensureLeft(from);
    if (keyAndSource) await this.perKeyAndSource.ensureLeft(keyAndSource);
    let found: T | null;
    if (!keyId || !secret) {
      found = null;
    } else {
      try {
        found = await check(keyId, secret);
      } catch (e) {
        if (e instanceof DomainError && e.code === 'INVALID_CREDENTIALS') found = null;
        else throw e;
      }
    }
    if (found !== null) return found;
    await this.perSource.spend(from);
    if (keyAndSource) await this.perKeyAndSource.spend(keyAndSource);
    throw new DomainError(
      'INVALID_CREDENTIALS',
      !keyId || !secret ? 'x-key-id and x-secret-key are both required' : 'Unknown API key or wrong secret',
    );
  }
}
