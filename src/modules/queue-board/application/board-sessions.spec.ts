import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppConfig } from '../../../config/app.config.js';
import { CredentialThrottle } from '../../../shared/auth/credential-throttle.js';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import type { Principal } from '../../../shared/auth/principal.js';
import type { DomainError } from '../../../shared/errors/domain-error.js';
import { FailureBudget, type RateLimiterFactory } from '../../../shared/rate-limit/rate-limiter.js';
import { Clock } from '../../../shared/time/clock.js';
import { InMemoryBoardSessionStore } from './board-session.fakes.js';
import { BoardSessions, sessionDigest } from './board-sessions.js';

const ops: Principal = {
  kind: 'admin',
  id: 'adm_1',
  keyId: 'ak_ops',
  scopes: ['admin:fees:read', 'admin:queues:read', 'admin:queues:write'],
};
const reader: Principal = { kind: 'admin', id: 'adm_2', keyId: 'ak_reader', scopes: ['admin:queues:read'] };
const fees: Principal = { kind: 'admin', id: 'adm_3', keyId: 'ak_fees', scopes: ['admin:fees:read'] };
const merchant: Principal = { kind: 'client', id: 'cli_1', keyId: 'ak_merchant', scopes: ['pix:balance:read'] };

/** Each key's secret is `right-<key id>`; `revoked` keys fail both checks. */
class FakeVerifier extends CredentialVerifier {
  readonly revoked = new Set<string>();
  pairChecks = 0;

  async verifyApiKey(keyId: string, secret: string): Promise<Principal | null> {
    this.pairChecks++;
    const key = [ops, reader, fees, merchant].find((p) => p.keyId === keyId);
    return key && secret === `right-${keyId}` && !this.revoked.has(keyId) ? key : null;
  }

  async isKeyValidFor(principal: Principal): Promise<boolean> {
    return !this.revoked.has(principal.keyId);
  }
}

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}

const SIGN_IN = new Date('2026-03-10T15:00:00.000Z');

function world() {
  const store = new InMemoryBoardSessionStore();
  const verifier = new FakeVerifier();
  const clock = new FixedClock(SIGN_IN);
  // The real throttle over in-process budgets: 2 failures a minute per key and source, 10 per source.
  const limiters = {
    failures: (_name: string, points: number) => new FailureBudget(new RateLimiterMemory({ points, duration: 60 })),
  } as unknown as RateLimiterFactory;
  const throttle = new CredentialThrottle(limiters, { tokenRateLimitPerMinute: 2 } as AppConfig);
  return { store, verifier, clock, sessions: new BoardSessions(store, verifier, throttle, clock, 900) };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describe('BoardSessions', () => {
  it('signs an admin in once: a random 32-byte id, stored only as its digest, with the board scopes and an absolute expiry', async () => {
    const { sessions, store } = world();
    const id = await sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect([...store.entries.keys()]).toEqual([sessionDigest(id)]);
    expect(JSON.stringify([...store.entries])).not.toContain(id);
    expect(store.entries.get(sessionDigest(id))).toEqual({
      session: {
        adminId: 'adm_1',
        keyId: 'ak_ops',
        scopes: ['admin:queues:read', 'admin:queues:write'],
        expiresAt: new Date('2026-03-10T15:15:00.000Z'),
      },
      ttlMs: 900_000,
    });
    const again = await sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1');
    expect(again).not.toBe(id);
  });

  it('resumes a session without checking the key pair again, until its expiry', async () => {
    const { sessions, verifier, clock } = world();
    const id = await sessions.signIn('ak_reader', 'right-ak_reader', '10.0.0.1');
    const checks = verifier.pairChecks;
    clock.at = new Date(SIGN_IN.getTime() + 899_999);
    for (let i = 0; i < 50; i++) expect(await sessions.resume(id)).toEqual({ ...reader });
    expect(verifier.pairChecks).toBe(checks);
    clock.at = new Date(SIGN_IN.getTime() + 900_000);
    expect(await sessions.resume(id)).toBeNull();
    // Gone for good, even if the clock went back.
    clock.at = SIGN_IN;
    expect(await sessions.resume(id)).toBeNull();
  });

  it('ends a session at sign-out, and once its key is revoked', async () => {
    const { sessions, verifier, store } = world();
    const first = await sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1');
    const second = await sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1');
    await sessions.signOut(first);
    expect(await sessions.resume(first)).toBeNull();
    expect(await sessions.resume(second)).not.toBeNull();
    verifier.revoked.add('ak_ops');
    expect(await sessions.resume(second)).toBeNull();
    expect(store.entries.size).toBe(0);
  });

  it('knows no session by anything but its id: not its digest, not a made-up or malformed id', async () => {
    const { sessions } = world();
    const id = await sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1');
    for (const forged of [sessionDigest(id), `${id}x`, id.slice(1), 'A'.repeat(43), '', 'adm_1']) {
      expect(await sessions.resume(forged)).toBeNull();
    }
    expect(await sessions.resume(id)).not.toBeNull();
  });

  it('refuses a client key (403 FORBIDDEN) and an admin key without admin:queues:read (403 INSUFFICIENT_SCOPE)', async () => {
    const { sessions, store } = world();
    expect(await refusal(sessions.signIn('ak_merchant', 'right-ak_merchant', '10.0.0.1'))).toBe('FORBIDDEN');
    expect(await refusal(sessions.signIn('ak_fees', 'right-ak_fees', '10.0.0.1'))).toBe('INSUFFICIENT_SCOPE');
    expect(store.entries.size).toBe(0);
  });

  it('spends the failure budget on wrong pairs only: the source is then refused for that key, even with the right secret', async () => {
    const { sessions } = world();
    for (let i = 0; i < 5; i++) expect(await refusal(sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1'))).toBe('ok');
    expect(await refusal(sessions.signIn('ak_ops', 'wrong', '10.0.0.1'))).toBe('INVALID_CREDENTIALS');
    expect(await refusal(sessions.signIn('ak_ops', undefined, '10.0.0.1'))).toBe('INVALID_CREDENTIALS');
    expect(await refusal(sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.1'))).toBe('RATE_LIMITED');
    expect(await refusal(sessions.signIn('ak_ops', 'right-ak_ops', '10.0.0.2'))).toBe('ok');
  });
});
