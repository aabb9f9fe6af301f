import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppConfig } from '../../config/app.config.js';
import { DomainError } from '../errors/domain-error.js';
import { FailureBudget, type RateLimiterFactory } from '../rate-limit/rate-limiter.js';
import { CredentialThrottle } from './credential-throttle.js';

/** The real throttle over in-process failure budgets: 2 failures per key and source, 10 per source. */
function throttle(): CredentialThrottle {
  const limiters = {
    failures: (_name: string, points: number) => new FailureBudget(new RateLimiterMemory({ points, duration: 60 })),
  } as unknown as RateLimiterFactory;
  return new CredentialThrottle(limiters, { tokenRateLimitPerMinute: 2 } as AppConfig);
}

const verify = async (keyId: string, secret: string) => (secret === `right-${keyId}` ? { keyId } : null);
const attempt = (t: CredentialThrottle, keyId: string | undefined, secret: string | undefined, source: string) =>
  t.check(keyId, secret, source, verify).then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describe('CredentialThrottle', () => {
  it('spends only failures: a correct pair is never capped, and does not spend what is left', async () => {
    const t = throttle();
    for (let i = 0; i < 20; i++) expect(await attempt(t, 'key_a', 'right-key_a', '10.0.0.1')).toBe('ok');
    expect(await attempt(t, 'key_a', 'wrong', '10.0.0.1')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(t, 'key_a', 'wrong', '10.0.0.1')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(t, 'key_a', 'right-key_a', '10.0.0.1')).toBe('RATE_LIMITED');
  });

  it('locks out only the failing source for that key: the right secret from another source still works', async () => {
    const t = throttle();
    for (let i = 0; i < 2; i++) await attempt(t, 'key_a', 'wrong', '10.0.0.1');
    expect(await attempt(t, 'key_a', 'right-key_a', '10.0.0.1')).toBe('RATE_LIMITED');
    expect(await attempt(t, 'key_a', 'right-key_a', '10.0.0.2')).toBe('ok');
    expect(await attempt(t, 'key_b', 'right-key_b', '10.0.0.1')).toBe('ok');
  });

  it('counts a source guessing many key ids (five times the per-key budget), and a missing half as a failure', async () => {
    const t = throttle();
    expect(await attempt(t, undefined, 'x', '10.0.0.1')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(t, 'key_x', undefined, '10.0.0.1')).toBe('INVALID_CREDENTIALS');
    for (let i = 0; i < 8; i++) expect(await attempt(t, `key_${i}`, 'wrong', '10.0.0.1')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(t, 'key_z', 'right-key_z', '10.0.0.1')).toBe('RATE_LIMITED');
    expect(await attempt(t, 'key_z', 'right-key_z', '10.0.0.2')).toBe('ok');
  });

  it('passes other errors of the check through without spending', async () => {
    const t = throttle();
    const failing = async () => {
      throw new DomainError('INVALID_SCOPE', 'nope');
    };
    for (let i = 0; i < 3; i++) await expect(t.check('key_a', 's', '10.0.0.1', failing)).rejects.toMatchObject({ code: 'INVALID_SCOPE' });
    expect(await attempt(t, 'key_a', 'right-key_a', '10.0.0.1')).toBe('ok');
  });
});
