import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import { TokenService } from '../../../shared/auth/token.service.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { keyIdBudgetKey, RateLimiterFactory, type PerMinuteBudget } from '../../../shared/rate-limit/rate-limiter.js';
import { IdentityRepository } from './identity.repository.js';

/**
 * Exchanges an API key pair for a bearer token carrying the requested (or all) scopes. Guessing secrets
 * is throttled before the secret is checked: per key id and per source address (429, Retry-After).
 */
@Injectable()
export class IssueTokenUseCase {
  private readonly perKey: PerMinuteBudget;
  private readonly perSource: PerMinuteBudget;

  constructor(
    private readonly verifier: CredentialVerifier,
    private readonly repo: IdentityRepository,
    private readonly tokens: TokenService,
    limiters: RateLimiterFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.perKey = limiters.perMinute('token-key', config.tokenRateLimitPerMinute);
    this.perSource = limiters.perMinute('token-source', config.tokenRateLimitPerMinute * 5);
  }

  async execute(keyId: string | undefined, secret: string | undefined, scopes?: string[], sourceAddress = 'unknown') {
    await this.perSource.consume(sourceAddress);
    if (keyId) await this.perKey.consume(keyIdBudgetKey(keyId));
    if (!keyId || !secret) throw new DomainError('INVALID_CREDENTIALS', 'x-key-id and x-secret-key are required');
    const principal = await this.verifier.verifyApiKey(keyId, secret);
    const key = principal && (await this.repo.findApiKey(keyId));
    if (!principal || !key) throw new DomainError('INVALID_CREDENTIALS', 'Unknown API key or wrong secret');
    return this.tokens.issue({ ...principal, scopes: key.grant(scopes) });
  }
}
