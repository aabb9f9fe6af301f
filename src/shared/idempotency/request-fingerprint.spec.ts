import { requestFingerprint } from './request-fingerprint.js';

describe('requestFingerprint', () => {
  const base = { method: 'POST', path: '/api/v1/pix/cash-out', clientId: 'c1' };

  it('ignores key order', () => {
    expect(requestFingerprint({ ...base, body: { a: 1, b: { c: 2, d: 3 } } })).toBe(
      requestFingerprint({ ...base, body: { b: { d: 3, c: 2 }, a: 1 } }),
    );
  });

  it('differs for another body, client, path or header value', () => {
    const f = requestFingerprint({ ...base, body: { amount: '1.00' } });
    expect(requestFingerprint({ ...base, body: { amount: '1.01' } })).not.toBe(f);
    expect(requestFingerprint({ ...base, clientId: 'c2', body: { amount: '1.00' } })).not.toBe(f);
    expect(requestFingerprint({ ...base, path: '/other', body: { amount: '1.00' } })).not.toBe(f);
    expect(requestFingerprint({ ...base, body: { amount: '1.00' }, extra: 'E1' })).not.toBe(f);
  });
});
