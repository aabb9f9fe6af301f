import { DELIVERY_ERROR_CATEGORIES, shownDeliveryError } from './delivery-error.js';

describe('shownDeliveryError', () => {
  it('shows categories, HTTP statuses, abandon reasons and null as stored', () => {
    for (const c of DELIVERY_ERROR_CATEGORIES) expect(shownDeliveryError(c)).toBe(c);
    for (const s of [
      'HTTP 500',
      'HTTP 410',
      'webhook deleted',
      'webhook disabled: the target answered 410 Gone',
      'webhook disabled: disabled by you',
      null,
    ]) {
      expect(shownDeliveryError(s)).toBe(s);
    }
  });

  it.each([
    ['no answer within 15000 ms', 'timeout'],
    ['connect ETIMEDOUT 203.0.113.9:443', 'timeout'],
    ['connect ECONNREFUSED 127.0.0.1:35609', 'connection_refused'],
    ['getaddrinfo ENOTFOUND hooks.internal', 'dns_failure'],
    ['getaddrinfo EAI_AGAIN hooks.internal', 'dns_failure'],
    ['DNS lookup 10.0.0.7(family:4, host:db.internal) is not allowed. Because, It is private IP address.', 'address_refused'],
    ['self-signed certificate', 'tls_error'],
    ['unable to verify the first certificate', 'tls_error'],
    ["Hostname/IP does not match certificate's altnames: IP: 10.0.0.7 is not in the cert's list: ", 'tls_error'],
    ['write EPROTO 805C8AEA1C7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', 'tls_error'],
    ['read ECONNRESET', 'network_error'],
    ['connect EHOSTUNREACH fd00::7:443', 'network_error'],
    ['HTTP 500 from 10.0.0.7', 'network_error'],
  ])('maps a raw row of an older version %p to %s', (raw, category) => {
    expect(shownDeliveryError(raw)).toBe(category);
  });

  it('never shows an address of a raw row', () => {
    for (const raw of ['connect ECONNREFUSED 10.9.8.7:22', 'webhook disabled: 10.0.0.1', 'webhook deleted at fd00::1']) {
      expect(shownDeliveryError(raw)).not.toMatch(/\d+\.\d+|::/);
    }
  });
});
