import { DELIVERY_ERROR_CATEGORIES } from '../../domain/delivery-error.js';
import { codedError, networkErrorCategory, TARGET_REFUSED } from './network-error-category.js';

/** An error as Node raises it: a message naming the addresses, and a code. */
const nodeError = (code: string) => codedError(code, `connect ${code} 10.1.2.3:8443 (host 10.1.2.3, fd00::7)`);

describe('networkErrorCategory', () => {
  it.each([
    ['ETIMEDOUT', 'timeout'],
    ['ESOCKETTIMEDOUT', 'timeout'],
    ['ECONNREFUSED', 'connection_refused'],
    ['ENOTFOUND', 'dns_failure'],
    ['EAI_AGAIN', 'dns_failure'],
    ['EAI_FAIL', 'dns_failure'],
    ['CERT_HAS_EXPIRED', 'tls_error'],
    ['CERT_NOT_YET_VALID', 'tls_error'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_error'],
    ['ERR_TLS_HANDSHAKE_TIMEOUT', 'tls_error'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls_error'],
    ['EPROTO', 'tls_error'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_error'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls_error'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls_error'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls_error'],
    [TARGET_REFUSED, 'address_refused'],
    ['ECONNRESET', 'network_error'],
    ['EHOSTUNREACH', 'network_error'],
    ['ENETUNREACH', 'network_error'],
    ['EPIPE', 'network_error'],
    ['SOMETHING_NEW', 'network_error'],
  ])('%s -> %s', (code, category) => {
    expect(networkErrorCategory(nodeError(code))).toBe(category);
  });

  it("reads request-filtering-agent's refusal (no code) as address_refused", () => {
    const err = new Error('DNS lookup 10.0.0.7(family:4, host:internal.example) is not allowed. Because, It is private IP address.');
    expect(networkErrorCategory(err)).toBe('address_refused');
  });

  it('reads an AggregateError (several addresses tried) by its first coded error', () => {
    const err = new AggregateError([new Error('x'), nodeError('ECONNREFUSED'), nodeError('ETIMEDOUT')], 'all failed');
    expect(networkErrorCategory(err)).toBe('connection_refused');
  });

  it.each([new Error('connect to 10.0.0.7 failed'), 'a string', null, undefined, 42, { code: 7 }])(
    'an unknown error (%p) is network_error',
    (err) => {
      expect(networkErrorCategory(err)).toBe('network_error');
    },
  );

  it('answers only members of the closed set, never an address', () => {
    const codes = ['ETIMEDOUT', 'ECONNREFUSED', 'ENOTFOUND', 'CERT_HAS_EXPIRED', 'EPROTO', TARGET_REFUSED, 'ECONNRESET', 'X'];
    for (const code of codes) {
      const category = networkErrorCategory(nodeError(code));
      expect(DELIVERY_ERROR_CATEGORIES).toContain(category);
      expect(category).not.toMatch(/\d+\.\d+|:/);
    }
  });
});
