import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { CredentialThrottle } from '../../../shared/auth/credential-throttle.js';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import { TokenService } from '../../../shared/auth/token.service.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { RateLimiterFactory } from '../../../shared/rate-limit/rate-limiter.js';
import { grantScopes, type ApiPixScope } from '../domain/api-pix-scopes.js';
import { OAuthError } from '../domain/oauth-error.js';

export interface ClientCredentialsRequest {
  /** The API key's id (`client_id`). */
  clientId: string | undefined;
  /** The API key's secret (`client_secret`). */
  clientSecret: string | undefined;
  /** RFC 6749 §3.3, space separated; absent: every API Pix scope the key allows. */
  scope: string | undefined;
  sourceAddress: string;
}

export interface ApiPixToken {
  accessToken: string;
  expiresIn: number;
  scopes: ApiPixScope[];
}

/**
 * OAuth 2.0 client credentials for API Pix (docs/adr/0228-api-pix-client-credentials.md): the API key pair is
 * checked exactly as `POST /api/v1/auth/bearer-token` checks it (CredentialVerifier, on the same failure budgets
 * per key id and source and per source), and the token is the service's own, carrying API Pix scopes only,
 * those the key's scopes allow (domain/api-pix-scopes.ts), for API Pix alone (`aud` `api-pix`: the client API
 * refuses it, docs/adr/0243-a-token-is-for-one-api.md). A wrong pair is `invalid_client`.
 */
@Injectable()
export class IssueApiPixTokenUseCase {
  private readonly throttle: CredentialThrottle;

  constructor(
    private readonly verifier: CredentialVerifier,
    private readonly tokens: TokenService,
    limiters: RateLimiterFactory,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'tokenRateLimitPerMinute'>,
  ) {
    this.throttle = new CredentialThrottle(limiters, config);
  }

  async execute(req: ClientCredentialsRequest): Promise<ApiPixToken> {
    let principal;
    try {
      principal = await this.throttle.check(req.clientId, req.clientSecret, req.sourceAddress, (id, secret) =>
        this.verifier.verifyApiKey(id, secret),
      );
    } catch (err) {
      if (err instanceof DomainError && err.code === 'INVALID_CREDENTIALS') {
        throw new OAuthError('invalid_client', 'Unknown client_id or wrong client_secret');
      }
      throw err;
    }
    // API Pix is the receiving user's API: an admin key is a client of no charge.
    if (principal.kind !== 'client') throw new OAuthError('unauthorized_client', 'Only a client key may use API Pix');
    const grant = grantScopes(principal.scopes, req.scope);
    if ('refused' in grant) {
      const named = grant.refused.length > 0 ? `: ${grant.refused.join(' ')}` : '';
      throw new OAuthError('invalid_scope', `Scope not granted to this client${named}`);
    }
    const { token, expiresIn } = this.tokens.issue({ ...principal, scopes: grant.granted }, 'api-pix');
    return { accessToken: token, expiresIn, scopes: grant.granted };
  }
}
