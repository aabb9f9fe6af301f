import { jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { Strategy } from 'passport-jwt';
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
  static keyChecks = 0;
  static keyValid = true;
  async verifyApiKey(keyId: string, secret: string): Promise<Principal | null> {
    FakeVerifier.pairChecks++;
    return keyId === 'key_a' && secret === 'sk_right' ? alice : null;
  }
  async isKeyValidFor(): Promise<boolean> {
    FakeVerifier.keyChecks++;
    return FakeVerifier.keyValid;
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

const tokens = new TokenService(new JwtService(), { jwtSecret: 'x'.repeat(32) } as AppConfig);

describe('PrincipalGuard', () => {
  // Registers the app's 'jwt' passport strategy, so the bearer path runs as it does in the app.
  beforeAll(() => new JwtStrategy(tokens));

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

  describe('verified tokens', () => {
    const policy: AuthPolicy = { scopes: ['pix:cashin:write'], principal: 'client' };
    // passport-jwt's signature and claims check (jsonwebtoken), which a remembered token skips.
    const verifications = () => jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => void }, 'JwtVerifier');
    const bearer = (token: string) => context({ authorization: `Bearer ${token}` });

    afterEach(() => {
      jest.restoreAllMocks();
      FakeVerifier.keyValid = true;
    });

    it('verifies a token once, then takes it again without passport, still asking whether its key is valid every time', async () => {
      const guard = guardFor(policy);
      const verified = verifications();
      const { token } = tokens.issue(alice, 'client-api');
      const keyChecksBefore = FakeVerifier.keyChecks;
      for (let i = 0; i < 3; i++) {
        const { ctx, req } = bearer(token);
        await expect(guard.canActivate(ctx)).resolves.toBe(true);
        expect(req.principal).toEqual(alice);
      }
      expect(verified).toHaveBeenCalledTimes(1);
      expect(FakeVerifier.keyChecks - keyChecksBefore).toBe(3);

      FakeVerifier.keyValid = false;
      await expect(guard.canActivate(bearer(token).ctx)).rejects.toMatchObject({
        code: 'INVALID_TOKEN',
        message: expect.stringMatching(/revoked/),
      });
      expect(verified).toHaveBeenCalledTimes(1);
    });

    it('refuses a remembered token from its exp on, with the answer passport gives', async () => {
      const issuedAt = Date.UTC(2026, 0, 1);
      const now = jest.spyOn(Date, 'now').mockReturnValue(issuedAt);
      const guard = guardFor(policy);
      const { token, expiresIn } = tokens.issue(alice, 'client-api');
      await expect(guard.canActivate(bearer(token).ctx)).resolves.toBe(true);

      now.mockReturnValue(issuedAt + expiresIn * 1000 - 1);
      const verified = verifications();
      await expect(guard.canActivate(bearer(token).ctx)).resolves.toBe(true);
      expect(verified).not.toHaveBeenCalled();

      now.mockReturnValue(issuedAt + expiresIn * 1000);
      await expect(guard.canActivate(bearer(token).ctx)).rejects.toMatchObject({ code: 'INVALID_TOKEN', message: 'Bearer token expired' });
      expect(verified).toHaveBeenCalledTimes(1);
    });

    it('never remembers a token that failed verification', async () => {
      const guard = guardFor(policy);
      const verified = verifications();
      const forged = new TokenService(new JwtService(), { jwtSecret: 'y'.repeat(32) } as AppConfig).issue(alice, 'client-api').token;
      const [header, payload] = tokens.issue(alice, 'client-api').token.split('.');
      for (const token of [forged, forged, `${header}.${payload}.`, `${header}.${payload}.`]) {
        await expect(guard.canActivate(bearer(token).ctx)).rejects.toMatchObject({
          code: 'INVALID_TOKEN',
          message: 'Invalid bearer token',
        });
      }
      expect(verified).toHaveBeenCalledTimes(4);
    });
  });

  describe('a token is for one API (docs/adr/0243-a-token-is-for-one-api.md)', () => {
    const clientApi: AuthPolicy = { scopes: [], principal: 'client' };
    const apiPix: AuthPolicy = { scopes: ['cob.read'], principal: 'client', audience: 'api-pix' };
    const merchant: Principal = { ...alice, scopes: ['cob.read'] };
    const bearer = (token: string) => context({ authorization: `Bearer ${token}` }).ctx;
    /** A token as one issued before tokens carried `aud` (or with the `aud` given), signed with the right key. */
    const signed = (scope: string, aud?: string) =>
      new JwtService().sign(
        { sub: alice.id, kid: alice.keyId, key_id: alice.keyId, typ: 'client', scope, jti: 'j', ...(aud === undefined ? {} : { aud }) },
        { secret: tokens.key as unknown as string, algorithm: 'HS256', expiresIn: 60 },
      );

    it("refuses an API Pix token on the client API, even where any client token will do, and remembers a token's API", async () => {
      const { token } = tokens.issue(merchant, 'api-pix');
      const guard = guardFor(clientApi);
      for (let i = 0; i < 2; i++) {
        await expect(guard.canActivate(bearer(token))).rejects.toMatchObject({
          code: 'INSUFFICIENT_SCOPE',
          message: expect.stringMatching(/client API token/),
        });
      }
      await expect(guardFor(apiPix).canActivate(bearer(token))).resolves.toBe(true);
    });

    it('refuses a client API token on API Pix, whatever scopes it holds', async () => {
      const { token } = tokens.issue({ ...alice, scopes: ['cob.read', 'pix:cashin:read'] }, 'client-api');
      await expect(guardFor(apiPix).canActivate(bearer(token))).rejects.toMatchObject({
        code: 'INSUFFICIENT_SCOPE',
        message: expect.stringMatching(/API Pix token/),
      });
      await expect(guardFor({ ...clientApi, scopes: ['pix:cashin:read'] }).canActivate(bearer(token))).resolves.toBe(true);
    });

    it('takes the API-key pair as a client API credential only', async () => {
      const pair = () => context({ 'x-key-id': 'key_a', 'x-secret-key': 'sk_right' }).ctx;
      await expect(guardFor({ ...clientApi, apiKey: true }).canActivate(pair())).resolves.toBe(true);
      await expect(guardFor({ ...apiPix, apiKey: true }).canActivate(pair())).rejects.toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    });

    it('reads a token issued before `aud` by its scopes: API Pix scopes alone were an API Pix token', async () => {
      await expect(guardFor(apiPix).canActivate(bearer(signed('cob.read')))).resolves.toBe(true);
      await expect(guardFor(clientApi).canActivate(bearer(signed('cob.read webhook.read')))).rejects.toMatchObject({
        code: 'INSUFFICIENT_SCOPE',
      });
      await expect(guardFor(clientApi).canActivate(bearer(signed('pix:keys:read')))).resolves.toBe(true);
      await expect(guardFor(clientApi).canActivate(bearer(signed('')))).resolves.toBe(true);
      await expect(guardFor(apiPix).canActivate(bearer(signed('pix:keys:read cob.read')))).rejects.toMatchObject({
        code: 'INSUFFICIENT_SCOPE',
      });
    });

    it('refuses a token naming an audience this service does not issue (401)', async () => {
      for (const aud of ['somewhere-else', '']) {
        await expect(guardFor(clientApi).canActivate(bearer(signed('pix:keys:read', aud)))).rejects.toMatchObject({
          code: 'INVALID_TOKEN',
        });
      }
    });
  });
});
