/** An API-key pair sent as HTTP Basic credentials: user name = key id, password = secret key. */
export interface BasicKeyPair {
  keyId: string;
  secret: string;
}

const BASIC = /^Basic[ \t]+([A-Za-z0-9+/=_-]*)[ \t]*$/i;

/**
 * The key pair of an `Authorization: Basic …` header (RFC 7617), or null for any other scheme (or none).
 * A Basic header that does not decode to `id:secret` gives the parts it has (empty ones included): the
 * caller refuses it like any wrong pair, on the same budgets.
 */
export function basicKeyPair(authorization: string | undefined): BasicKeyPair | null {
  if (!authorization) return null;
  const match = BASIC.exec(authorization);
  if (!match) return /^Basic(\s|$)/i.test(authorization) ? { keyId: '', secret: '' } : null;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { keyId: decoded, secret: '' } : { keyId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
