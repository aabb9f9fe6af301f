import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { principalFromClaims, TokenService, type TokenClaims } from './token.service.js';
import type { Principal } from './principal.js';

/** passport-jwt verifies signature, `exp` and the HS256 algorithm (so `alg: none` is refused). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(tokens: TokenService) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ignoreExpiration: false,
      algorithms: ['HS256'],
      // jsonwebtoken accepts a KeyObject; the typings only list string | Buffer.
      secretOrKey: tokens.key as unknown as string,
    });
  }

  validate(claims: Partial<TokenClaims>): Principal | false {
    return principalFromClaims(claims) ?? false;
  }
}
