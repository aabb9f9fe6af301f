import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { AppConfig } from '../../config/app.config.js';
import type { RateLimiterFactory } from '../rate-limit/rate-limiter.js';
import type { AuthPolicy } from './auth.decorators.js';
import { CredentialVerifier } from './credential-verifier.js';
import type { Principal } from './principal.js';
import { PrincipalGuard } from './principal.guard.js';

const alice: Principal = { kind: 'client', id: 'c1', keyId: 'key_a', scopes: ['pix:cashin:write'] };

class FakeVerifier extends CredentialVerifier {
  static pairChecks = 0;
  async verifyApiKey(keyId: string, secret: string): Promise<Principal | null> {
    FakeVerifier.pairChecks++;
    return keyId === 'key_a' && secret === 'sk_right' ? alice : null;
  }
  async isKeyValidFor(): Promise<boolean> {
    return true;
  }
}

function guardFor(policy: AuthPolicy | undefined, spent: string[] = []) {
  const reflector = { getAllAndOverride: () => policy } as unknown as Reflector;
  const limiters = { perMinute: () => ({ consume: async (key: string) => void spent.push(key) }) } as unknown as RateLimiterFactory;
  return new PrincipalGuard(reflector, new FakeVerifier(), limiters, { rateLimitPerMinute: 10 } as AppConfig);
}

function context(headers: Record<string, string>) {
  const req = { headers, header: (name: string) => headers[name.toLowerCase()] } as Record<string, unknown>;
  const ctx = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { ctx, req };
}

describe('PrincipalGuard with the API-key header pair', () => {
  const cashIn: AuthPolicy = { scopes: ['pix:cashin:write'], principal: 'client', apiKey: true };

  it('accepts a valid pair where the endpoint allows it, sets the principal and spends the budget', async () => {
    const spent: string[] = [];
    const { ctx, req } = context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_right' });
    await expect(guardFor(cashIn, spent).canActivate(ctx)).resolves.toBe(true);
    expect(req.principal).toEqual(alice);
    expect(spent).toEqual(['client:c1']);
  });

  it('refuses a wrong secret with INVALID_CREDENTIALS', async () => {
    const { ctx } = context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_wrong' });
    await expect(guardFor(cashIn).canActivate(ctx)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('still checks scopes for a key pair', async () => {
    const { ctx } = context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_right' });
    await expect(guardFor({ ...cashIn, scopes: ['pix:cashin:read'] }).canActivate(ctx)).rejects.toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
    });
  });

  it('ignores the pair where the endpoint does not allow it (a bearer token is then required)', async () => {
    const { ctx } = context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_right' });
    const bearerOnly = guardFor({ scopes: [], principal: 'client' });
    const before = FakeVerifier.pairChecks;
    await expect(bearerOnly.canActivate(ctx)).rejects.toBeDefined();
    expect(FakeVerifier.pairChecks).toBe(before);
  });

  it('fails closed on an endpoint without a policy, and lets public ones through', async () => {
    const { ctx } = context({});
    await expect(guardFor(undefined).canActivate(ctx)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(guardFor({ public: true }).canActivate(ctx)).resolves.toBe(true);
  });
});
