import { basicKeyPair } from './basic-credentials.js';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('basicKeyPair', () => {
  it('reads the key id from the user name and the secret from the password', () => {
    expect(basicKeyPair(basic('ak_123:sk_abc'))).toEqual({ keyId: 'ak_123', secret: 'sk_abc' });
    // The scheme is case-insensitive; only the first colon separates (a password may hold more).
    expect(basicKeyPair(`bAsIc  ${Buffer.from('ak_1:a:b').toString('base64')}`)).toEqual({ keyId: 'ak_1', secret: 'a:b' });
    expect(basicKeyPair(basic('ak_ç:sênha'))).toEqual({ keyId: 'ak_ç', secret: 'sênha' });
  });

  it('gives the parts a broken Basic header has, so it is refused like a wrong pair', () => {
    expect(basicKeyPair(basic('ak_123'))).toEqual({ keyId: 'ak_123', secret: '' });
    expect(basicKeyPair(basic(':sk_abc'))).toEqual({ keyId: '', secret: 'sk_abc' });
    expect(basicKeyPair('Basic')).toEqual({ keyId: '', secret: '' });
    expect(basicKeyPair('Basic not base64!')).toEqual({ keyId: '', secret: '' });
  });

  it('leaves other schemes (and no header) to the bearer check', () => {
    expect(basicKeyPair(undefined)).toBeNull();
    expect(basicKeyPair('')).toBeNull();
    expect(basicKeyPair('Bearer eyJhbGciOiJIUzI1NiJ9.e30.x')).toBeNull();
    expect(basicKeyPair('Basicx abc')).toBeNull();
  });
});
