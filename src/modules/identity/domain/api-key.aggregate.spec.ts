import { ApiKey } from './api-key.aggregate.js';

describe('ApiKey', () => {
  const key = () => ApiKey.issue('k1', 'client', 'c1', 'hash', ['pix:balance:read', 'pix:keys:read']);

  it('grants all scopes when none are requested and a subset when asked', () => {
    expect(key().grant(undefined)).toEqual(['pix:balance:read', 'pix:keys:read']);
    expect(key().grant(['pix:keys:read'])).toEqual(['pix:keys:read']);
  });

  it('refuses scopes the key does not hold', () => {
    expect(() => key().grant(['pix:cashout:write'])).toThrow(expect.objectContaining({ code: 'INVALID_SCOPE' }));
  });

  it('never lets a client key hold admin scopes', () => {
    expect(() => ApiKey.issue('k', 'client', 'c', 'h', ['admin:limits:write'])).toThrow(expect.objectContaining({ code: 'INVALID_SCOPE' }));
    expect(() => ApiKey.issue('k', 'admin', 'a', 'h', ['pix:balance:read'])).toThrow(expect.objectContaining({ code: 'INVALID_SCOPE' }));
  });

  it('keeps the first revocation time', () => {
    const k = key();
    k.revoke(new Date('2026-01-01T00:00:00Z'));
    k.revoke(new Date('2026-02-01T00:00:00Z'));
    expect(k.active).toBe(false);
    expect(k.revokedAt!.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
