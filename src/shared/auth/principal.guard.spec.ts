import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/app.config.js';
import type { RateLimiterFactory } from '../rate-limit/rate-limiter.js';
import type { AuthPolicy } from './auth.decorators.js';
import { CredentialVerifier } from './credential-verifier.js';
import { DomainError } from '../errors/domain-error.js';
import { JwtStrategy } from './jwt.strategy.js';
import type { Principal } from './principal.js';
import { PrincipalGuard } from './principal.guard.js';
import { TokenService } from './token.service.js';

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
  const limiters = {
    perMinute: () => ({ consume: async (key: string) => void spent.push(key) }),
    failures: () => ({ ensureLeft: async () => undefined, spend: async () => undefined }),
  } as unknown as RateLimiterFactory;
  return new PrincipalGuard(reflector, new FakeVerifier(), limiters, { rateLimitPerMinute: 10 } as AppConfig);
}

function context(headers: Record<string, string>) {
  const req = { headers, header: (name: string) => headers[name.toLowerCase()] } as Record<string, unknown>;
  const ctx = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}) }),
  } as unknown as ExecutionContext;
  return { ctx, req };
}

describe('PrincipalGuard', () => {
  // Registers the app's 'jwt' passport strategy, so the bearer path runs as it does in the app.
  beforeAll(() => new JwtStrategy(new TokenService(new JwtService(), { jwtSecret: 'x'.repeat(32) } as AppConfig)));

  it('takes no API-key header pair in place of a bearer token: the key pair only buys a token', async () => {
    const { ctx } = context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_right' });
    const bearerOnly = guardFor({ scopes: [], principal: 'client' });
    const before = FakeVerifier.pairChecks;
    const refusal = bearerOnly.canActivate(ctx);
    await expect(refusal).rejects.toThrow(DomainError);
    await expect(refusal).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Missing bearer token' });
    expect(FakeVerifier.pairChecks).toBe(before);
  });

  it('fails closed on an endpoint without a policy, and lets public ones through', async () => {
    const { ctx } = context({});
    await expect(guardFor(undefined).canActivate(ctx)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(guardFor({ public: true }).canActivate(ctx)).resolves.toBe(true);
  });
});
