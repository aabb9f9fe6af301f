import { locationOf } from './https-qr-payload-fetcher.adapter.js';
import { isUnderBase } from './routing-qr-payload-fetcher.adapter.js';

describe('which dynamic QR URLs are ours', () => {
  it('a URL under PIX_QR_BASE_URL (case aside) is ours; a host that only starts like it is not', () => {
    expect(isUnderBase('pix.sandbox.local/qr/v2/abc', 'pix.sandbox.local')).toBe(true);
    expect(isUnderBase('PIX.Sandbox.Local/qr/v2/abc', 'pix.sandbox.local/')).toBe(true);
    expect(isUnderBase('pix.sandbox.local.evil.example/qr/v2/abc', 'pix.sandbox.local')).toBe(false);
    expect(isUnderBase('pix.sandbox.localhost/qr/v2/abc', 'pix.sandbox.local')).toBe(false);
    expect(isUnderBase('pix.other-bank.example/qr/v2/abc', 'pix.sandbox.local')).toBe(false);
  });
});

describe('locationOf', () => {
  it('puts https in front of a URL without a scheme (field 26-25 has none)', () => {
    expect(locationOf('pix.other-bank.example/qr/v2/abc')?.href).toBe('https://pix.other-bank.example/qr/v2/abc');
    expect(locationOf('pix.other-bank.example:8443/cobv/abc')?.href).toBe('https://pix.other-bank.example:8443/cobv/abc');
  });

  it('refuses any other scheme and credentials in the URL', () => {
    expect(locationOf('http://pix.other-bank.example/qr/v2/abc')).toBeNull();
    expect(locationOf('file:///etc/passwd')).toBeNull();
    expect(locationOf('user:secret@pix.other-bank.example/qr/v2/abc')).toBeNull();
  });
});
