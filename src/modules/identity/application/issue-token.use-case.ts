import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { CredentialThrottle } from '../../../shared/auth/credential-throttle.js';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import { TokenService } from '../../../shared/auth/token.service.js';
import { RateLimiterFactory } from '../../../shared/rate-limit/rate-limiter.js';
import { IdentityRepository } from './identity.repository.js';

/**
 * Exchanges an API key pair for a bearer token carrying the requested (or all) scopes. Guessing secrets
 * is throttled on failure budgets (CredentialThrottle): per key id and source address, and per source
 * address (429, Retry-After); a correct pair spends neither.
 */
@Injectable()
export class IssueTokenUseCase {
  private readonly throttle: CredentialThrottle;

  constructor(
    private readonly verifier: CredentialVerifier,
    private readonly repo: IdentityRepository,
    private readonly tokens: TokenService,
    limiters: RateLimiterFactory,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'tokenRateLimitPerMinute'>,
  ) {
    this.throttle = new CredentialThrottle(limiters, config);
  }

  async execute(keyId: string | undefined, secret: string | undefined, scopes?: string[], sourceAddress = 'unknown') {
    const { principal, key } = await this.throttle.check(keyId, secret, sourceAddress, async (id, pair) => {
      const found = await this.verifier.verifyApiKey(id, pair);
      const apiKey = found && (await this.repo.findApiKey(id));
      return found && apiKey ? { principal: found, key: apiKey } : null;
    });
    return this.tokens.issue({ ...principal, scopes: key.grant(scopes) }, 'client-api');
  }
}
