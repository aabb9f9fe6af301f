import { DomainError } from '../errors/domain-error.js';
import { MetricsToken } from './metrics-token.js';

const TOKEN = 'scraper-token-0123456789';

function codeOf(call: () => void): string | null {
  try {
    call();
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('MetricsToken', () => {
  const check = new MetricsToken(TOKEN);

  it('accepts `Bearer <token>` (scheme in any case)', () => {
    expect(codeOf(() => check.assert(`Bearer ${TOKEN}`))).toBeNull();
    expect(codeOf(() => check.assert(`bearer ${TOKEN}`))).toBeNull();
  });

  it('without a bearer token: UNAUTHORIZED', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      expect(codeOf(() => check.assert(header))).toBe('UNAUTHORIZED');
    }
  });

  it('with another token (longer, shorter, a prefix, other case): INVALID_TOKEN', () => {
    for (const other of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase(), 'x']) {
      expect(codeOf(() => check.assert(`Bearer ${other}`))).toBe('INVALID_TOKEN');
    }
  });
});
