import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { ADMIN_SCOPES, CLIENT_SCOPES, type Principal } from './principal.js';

export const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * The API a token is for, its `aud` claim (docs/adr/0243-a-token-is-for-one-api.md): `client-api` for the tokens
 * of `POST /api/v1/auth/bearer-token` (client and admin), `api-pix` for those of `POST /api-pix/oauth/token`.
 * Each route takes the tokens of its own API only.
 */
export type TokenAudience = 'client-api' | 'api-pix';

export interface TokenClaims {
  sub: string;
  kid: string;
  key_id: string;
  typ: 'client' | 'admin';
  aud: TokenAudience;
  scope: string;
  jti: string;
}

/** What a verified token stands for: who calls, and the API the token was issued for. */
export interface TokenHolder {
  principal: Principal;
  audience: TokenAudience;
}

/** Issues and reads HS256 bearer tokens (docs/conventions.md §2). The secret is a KeyObject: ~40x faster verify. */
@Injectable()
export class TokenService {
  readonly key: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

  issue(principal: Principal, audience: TokenAudience): { token: string; expiresIn: number } {
    const claims: TokenClaims = {
      sub: principal.id,
      kid: principal.keyId,
      key_id: principal.keyId,
      typ: principal.kind,
      aud: audience,
      scope: principal.scopes.join(' '),
      jti: randomUUID(),
    };
    const token = this.jwt.sign(claims, {
      // jsonwebtoken accepts a KeyObject; @nestjs/jwt's typings only list string | Buffer.
      secret: this.key as unknown as string,
      algorithm: 'HS256',
      expiresIn: TOKEN_LIFETIME_SECONDS,
    });
    return { token, expiresIn: TOKEN_LIFETIME_SECONDS };
  }
}

const CLIENT_API_SCOPES: ReadonlySet<string> = new Set([...CLIENT_SCOPES, ...ADMIN_SCOPES]);

/**
 * The audience of a token issued before tokens carried `aud` (any such token is gone an hour after the release
 * that added it): API Pix's token endpoint gave API Pix scopes only and the client API's gave none of them
 * (docs/adr/0228-api-pix-client-credentials.md), so a token holding scopes and no client API scope was API Pix's.
 */
function audienceOfUnmarked(scopes: readonly string[]): TokenAudience {
  return scopes.length > 0 && !scopes.some((s) => CLIENT_API_SCOPES.has(s)) ? 'api-pix' : 'client-api';
}

/** The holder of a verified token's claims, or null when they are not claims this service issues. */
export function holderFromClaims(claims: Partial<TokenClaims>): TokenHolder | null {
  if (typeof claims.sub !== 'string' || typeof claims.key_id !== 'string' || typeof claims.scope !== 'string') {
    return null;
  }
  if (claims.typ !== 'client' && claims.typ !== 'admin') return null;
  const scopes = claims.scope.split(' ').filter(Boolean);
  const audience = claims.aud === undefined ? audienceOfUnmarked(scopes) : claims.aud;
  if (audience !== 'client-api' && audience !== 'api-pix') return null;
  return { principal: { kind: claims.typ, id: claims.sub, keyId: claims.key_id, scopes }, audience };
}
