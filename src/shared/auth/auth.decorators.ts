import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from './principal.js';
import type { TokenAudience } from './token.service.js';

export const AUTH_POLICY = 'auth:policy';

/** What an endpoint demands of its caller; read by the global PrincipalGuard. */
export interface AuthPolicy {
  public?: boolean;
  /** Every listed scope must be held. */
  scopes?: string[];
  principal?: 'client' | 'admin';
  /** The `x-key-id`/`x-secret-key` pair is accepted in place of a bearer token (cash-in create and cancel, per spec). */
  apiKey?: boolean;
  /**
   * The API whose tokens are taken: the client API's unless named (API Pix's routes name `api-pix`). A token
   * issued for the other one is refused (docs/adr/0243-a-token-is-for-one-api.md).
   */
  audience?: TokenAudience;
}

/** No authentication (health, token issuing). */
export const Public = () => SetMetadata(AUTH_POLICY, { public: true } satisfies AuthPolicy);

/** A client bearer token holding every listed scope (none listed: any client token). */
export const ClientAuth = (...scopes: string[]) => SetMetadata(AUTH_POLICY, { scopes, principal: 'client' } satisfies AuthPolicy);

/** Like ClientAuth, but the API-key header pair is accepted too (docs/conventions.md §2). */
export const ClientAuthOrApiKey = (...scopes: string[]) =>
  SetMetadata(AUTH_POLICY, { scopes, principal: 'client', apiKey: true } satisfies AuthPolicy);

/** An admin bearer token holding every listed scope. */
export const AdminAuth = (...scopes: string[]) => SetMetadata(AUTH_POLICY, { scopes, principal: 'admin' } satisfies AuthPolicy);

/** The authenticated caller, set by the guard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<Request & { principal?: Principal }>();
  if (!req.principal) throw new Error('CurrentPrincipal used on an endpoint without authentication');
  return req.principal;
});
