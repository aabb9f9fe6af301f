/** Methods that only read; the board's API changes queues with PUT, PATCH and POST. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True for a browser request that changes something and comes from another site: a browser attaches
 * the board's session cookie by itself, so a page elsewhere must not be able to make an admin's browser
 * retry or remove jobs, or sign it in or out (CSRF). SameSite=Strict already keeps the cookie from
 * requests other sites start; this also refuses a sibling subdomain (same site, other origin). Judged by `Sec-Fetch-Site` (every current
 * browser sends it; only `same-origin`, or `none` for what the user typed, pass), else by `Origin`
 * (its host must be the request's `Host`). A request with neither (curl, scripts) is not a browser's
 * and passes: its credentials were sent on purpose.
 */
export function isCrossSiteWrite(method: string, header: (name: string) => string | undefined): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = header('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = header('origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== header('host');
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not this site.
    return true;
  }
}
