import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Principal } from './principal.js';
import { holderFromClaims, TokenService, type TokenAudience, type TokenClaims } from './token.service.js';

/** The bearer token of a request, read as passport-jwt reads it (the guard's token cache uses the same text). */
export const bearerTokenOf = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * What a verified token tells the guard besides its principal (passport hands it over as `info`): the API it
 * was issued for, and until when the token may be reused without verifying it again (`exp`: undefined for a
 * token without a numeric `exp`, or with an `nbf` (ours carry none): those are verified every time).
 */
export interface VerifiedTokenInfo {
  audience: TokenAudience;
  exp: number | undefined;
}

type VerifiedClaims = Partial<TokenClaims> & { exp?: unknown; nbf?: unknown };

/** passport-jwt verifies signature, `exp` and the HS256 algorithm (so `alg: none` is refused). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(tokens: TokenService) {
    super({
      jwtFromRequest: bearerTokenOf,
      ignoreExpiration: false,
      algorithms: ['HS256'],
      // jsonwebtoken accepts a KeyObject; the typings only list string | Buffer.
      secretOrKey: tokens.key as unknown as string,
    });
  }

  validate(claims: VerifiedClaims): [Principal, VerifiedTokenInfo] | false {
    const holder = holderFromClaims(claims);
    if (!holder) return false;
    const exp = typeof claims.exp === 'number' && claims.nbf === undefined ? claims.exp : undefined;
    return [holder.principal, { audience: holder.audience, exp }];
  }
}
