import { SetMetadata } from '@nestjs/common';
import { AUTH_POLICY, type AuthPolicy } from '../../../../shared/auth/auth.decorators.js';
import type { ApiPixScope } from '../../domain/api-pix-scopes.js';

/**
 * An API Pix operation's policy (the spec's `security`): a token of `POST /api-pix/oauth/token` holding the
 * scope. The global guard refuses any other token, client API ones included
 * (docs/adr/0243-a-token-is-for-one-api.md), and an admin's.
 */
export const ApiPixAuth = (scope: ApiPixScope) =>
  SetMetadata(AUTH_POLICY, { scopes: [scope], principal: 'client', audience: 'api-pix' } satisfies AuthPolicy);
