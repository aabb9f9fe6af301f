import type { TokenHolder } from './token.service.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const alice: TokenHolder = {
  principal: { kind: 'client', id: 'c1', keyId: 'key_a', scopes: ['pix:balance:read'] },
  audience: 'client-api',
};
const bob: TokenHolder = { principal: { kind: 'admin', id: 'a1', keyId: 'key_b', scopes: ['admin:ledger:read'] }, audience: 'client-api' };
const merchant: TokenHolder = { principal: { kind: 'client', id: 'c1', keyId: 'key_a', scopes: ['cob.read'] }, audience: 'api-pix' };

/** A cache on a clock the test sets (milliseconds, as Date.now). */
function cacheAt(startMs: number, max?: number) {
  const clock = { ms: startMs };
  return { cache: new VerifiedTokenCache(max, () => clock.ms), clock };
}

describe('VerifiedTokenCache', () => {
  it("answers a remembered token with a copy of its principal and its audience, by the token's full text only", () => {
    const { cache } = cacheAt(1_000_000);
    cache.set('header.payload.signature', alice, 2000);
    cache.set('header.payload.other', merchant, 2000);
    const hit = cache.get('header.payload.signature');
    expect(hit).toEqual(alice);
    hit!.principal.scopes.push('admin:ledger:read');
    expect(cache.get('header.payload.signature')).toEqual(alice);
    expect(cache.get('header.payload.other')).toEqual(merchant);
    expect(cache.get('header.payload.signatur')).toBeUndefined();
    expect(cache.get('header.payload.signature2')).toBeUndefined();
  });

  it('expires a token as jsonwebtoken does: valid up to the last millisecond before exp, expired from exp on', () => {
    const exp = 2000;
    const { cache, clock } = cacheAt(exp * 1000 - 1);
    cache.set('t', alice, exp);
    expect(cache.get('t')).toEqual(alice);
    clock.ms = exp * 1000;
    expect(cache.get('t')).toBeUndefined();
    expect(cache.size).toBe(0);
    // Nor does it come back if the clock does.
    clock.ms = exp * 1000 - 1;
    expect(cache.get('t')).toBeUndefined();
  });

  it('does not remember a token that has already expired', () => {
    const { cache } = cacheAt(2000 * 1000);
    cache.set('t', alice, 2000);
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, dropping the least recently used token first', () => {
    const { cache } = cacheAt(0, 2);
    cache.set('a', alice, 10);
    cache.set('b', bob, 10);
    expect(cache.get('a')).toEqual(alice);
    cache.set('c', alice, 10);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(alice);
    expect(cache.get('c')).toEqual(alice);
    // Storing a known token again replaces it without evicting another.
    cache.set('c', bob, 10);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toEqual(alice);
    expect(cache.get('c')).toEqual(bob);
  });
});
