import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { DomainError } from '../errors/domain-error.js';
import { PerMinuteBudget, RateLimiterFactory } from '../rate-limit/rate-limiter.js';
import { AUTH_POLICY, type AuthPolicy } from './auth.decorators.js';
import { CredentialThrottle } from './credential-throttle.js';
import { CredentialVerifier } from './credential-verifier.js';
import { bearerTokenOf, type VerifiedTokenInfo } from './jwt.strategy.js';
import type { Principal } from './principal.js';
import type { TokenAudience, TokenHolder } from './token.service.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

type AuthedRequest = Request & { principal?: Principal; user?: Principal; authInfo?: unknown };

/** What a token refused for its audience is told: the token endpoint of the API it is on. */
const WRONG_AUDIENCE: Record<TokenAudience, string> = {
  'client-api': 'This endpoint takes a client API token (POST /api/v1/auth/bearer-token); an API Pix token is for /api-pix only',
  'api-pix': 'This endpoint takes an API Pix token (POST /api-pix/oauth/token); a client API token is for /api/v1 only',
};

/**
 * The one global guard: authenticates (bearer JWT, or the API-key pair where allowed), checks the token's
 * audience (the API it was issued for, docs/adr/0243-a-token-is-for-one-api.md), the principal kind and
 * scopes, then spends one point of the caller's per-minute budget. An endpoint without a policy is
 * refused: fail closed.
 */
@Injectable()
export class PrincipalGuard extends AuthGuard('jwt') {
  private readonly budget: PerMinuteBudget;
  /** The token endpoint's failure budgets: an API-key pair sent with a request is a credential check like it. */
  private readonly keyChecks: CredentialThrottle;
  /** Tokens already verified by passport-jwt: a hit skips the signature check, never the revocation check. */
  private readonly verifiedTokens = new VerifiedTokenCache();

  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: CredentialVerifier,
    limiters: RateLimiterFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.budget = limiters.perMinute('global', config.rateLimitPerMinute);
    this.keyChecks = new CredentialThrottle(limiters, config);
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AuthPolicy | undefined>(AUTH_POLICY, [ctx.getHandler(), ctx.getClass()]);
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    if (!policy) throw new DomainError('UNAUTHORIZED', 'Authentication required');
    if (policy.public) return true;

    const { principal, audience } = await this.authenticate(ctx, req, policy);
    // A token of the other API holds none of this one's scopes, and is refused as such (403 INSUFFICIENT_SCOPE).
    const wanted = policy.audience ?? 'client-api';
    if (audience !== wanted) throw new DomainError('INSUFFICIENT_SCOPE', WRONG_AUDIENCE[wanted]);
    if (policy.principal && principal.kind !== policy.principal) {
      throw new DomainError('FORBIDDEN', `This endpoint needs ${policy.principal} credentials`);
    }
    const missing = (policy.scopes ?? []).filter((s) => !principal.scopes.includes(s));
    if (missing.length > 0) {
      throw new DomainError('INSUFFICIENT_SCOPE', `Missing scope: ${missing.join(', ')}`);
    }
    req.principal = principal;
    await this.budget.consume(`${principal.kind}:${principal.id}`);
    return true;
  }

  private async authenticate(ctx: ExecutionContext, req: AuthedRequest, policy: AuthPolicy): Promise<TokenHolder> {
    if (
      policy.apiKey &&
      !req.header('authorization') &&
      (req.header('x-key-id') !== undefined || req.header('x-secret-key') !== undefined)
    ) {
      // The key pair is a credential of the client API (charge creation and cancellation).
      return { principal: await this.byApiKey(req), audience: 'client-api' };
    }
    const token = bearerTokenOf(req);
    let holder = token ? this.verifiedTokens.get(token) : undefined;
    if (holder) {
      req.user = holder.principal;
    } else {
      // passport-jwt verifies it (or refuses it through handleRequest); only a verified token is remembered.
      await super.canActivate(ctx);
      const info = req.authInfo as VerifiedTokenInfo | undefined;
      // The strategy always hands its info over; without it nothing says which API the token is for.
      if (!info) throw new DomainError('INVALID_TOKEN', 'Invalid bearer token');
      holder = { principal: req.user as Principal, audience: info.audience };
      if (token && info.exp !== undefined) this.verifiedTokens.set(token, holder, info.exp);
    }
    if (!(await this.verifier.isKeyValidFor(holder.principal))) {
      throw new DomainError('INVALID_TOKEN', "The API key behind this token was revoked or is not the token subject's");
    }
    return holder;
  }

  /**
   * The API-key pair in place of a token: checked like the token endpoint checks it, on the same failure
   * budgets per key id and source address and per source address (so guessing a secret here is no faster
   * than there), every time. A correct pair spends neither; the per-principal budget still applies.
   */
  private byApiKey(req: AuthedRequest): Promise<Principal> {
    return this.keyChecks.check(req.header('x-key-id'), req.header('x-secret-key'), req.ip, (keyId, secret) =>
      this.verifier.verifyApiKey(keyId, secret),
    );
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown, ctx: ExecutionContext): T {
    if (err || !user) {
      const reason = info instanceof Error ? info : undefined;
      if (reason?.name === 'TokenExpiredError') throw new DomainError('INVALID_TOKEN', 'Bearer token expired');
      if (!bearerTokenOf(ctx.switchToHttp().getRequest<AuthedRequest>())) {
        throw new DomainError('UNAUTHORIZED', 'Missing bearer token');
      }
      // A bad signature, or claims the strategy refused (no `sub`, an unknown `typ` or `aud`).
      throw new DomainError('INVALID_TOKEN', 'Invalid bearer token');
    }
    return user;
  }
}
