import { API_PIX_SCOPES, grantScopes, scopesAllowedFor } from './api-pix-scopes.js';

describe('API Pix scopes over the service scopes', () => {
  const cashIn = ['pix:cashin:read', 'pix:cashin:write'];

  it('a key gets exactly the API Pix scopes whose service scopes it holds', () => {
    expect(scopesAllowedFor(cashIn)).toEqual([
      'cob.write',
      'cob.read',
      'cobv.write',
      'cobv.read',
      'payloadlocation.write',
      'payloadlocation.read',
    ]);
    // pix.read needs both: reading a payment shows its refunds.
    expect(scopesAllowedFor(['pix:cashin:read'])).not.toContain('pix.read');
    expect(scopesAllowedFor(['pix:cashin:read', 'pix:reversals:read'])).toContain('pix.read');
    expect(scopesAllowedFor(['admin:ledger:read'])).toEqual([]);
  });

  it('every API Pix scope maps onto client scopes only', () => {
    for (const needed of Object.values(API_PIX_SCOPES)) for (const s of needed) expect(s).toMatch(/^(pix|webhooks):/);
  });

  it('no scope asked: everything the key allows; asked: only that, in the table order', () => {
    expect(grantScopes(cashIn, undefined)).toEqual({ granted: scopesAllowedFor(cashIn) });
    expect(grantScopes(cashIn, 'cob.read  cob.write cob.read')).toEqual({ granted: ['cob.write', 'cob.read'] });
  });

  it('refuses the whole request over one scope the key may not have, or that API Pix does not name', () => {
    expect(grantScopes(['pix:cashin:read'], 'cob.read cob.write')).toEqual({ refused: ['cob.write'] });
    expect(grantScopes(cashIn, 'cob.read pix:cashin:read')).toEqual({ refused: ['pix:cashin:read'] });
    expect(grantScopes(cashIn, ' ')).toEqual({ refused: [] });
    expect(grantScopes([], undefined)).toEqual({ refused: [] });
  });
});
