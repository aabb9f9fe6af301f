/**
 * API Pix's OAuth scopes (docs/reference/api-pix-2.9.0.yaml, `securitySchemes.OAuth2`) and the service scopes
 * each stands for (docs/api-pix.md, "Scopes"; docs/adr/0228-api-pix-client-credentials.md). A key may be given a
 * token holding an API Pix scope only when it holds every service scope that scope maps to, so API Pix never
 * grants more than the client API would.
 */
export const API_PIX_SCOPES = {
  'cob.write': ['pix:cashin:write'],
  'cob.read': ['pix:cashin:read'],
  'cobv.write': ['pix:cashin:write'],
  'cobv.read': ['pix:cashin:read'],
  'payloadlocation.write': ['pix:cashin:write'],
  'payloadlocation.read': ['pix:cashin:read'],
  // Received Pix and their refunds: reading a payment shows its devoluções.
  'pix.read': ['pix:cashin:read', 'pix:reversals:read'],
  'pix.write': ['pix:reversals:write'],
  'webhook.read': ['webhooks:read'],
  'webhook.write': ['webhooks:write'],
} as const satisfies Record<string, readonly string[]>;

export type ApiPixScope = keyof typeof API_PIX_SCOPES;

export function isApiPixScope(scope: string): scope is ApiPixScope {
  return Object.prototype.hasOwnProperty.call(API_PIX_SCOPES, scope);
}

/** The API Pix scopes a key holding `keyScopes` may be given, in the table's order. */
export function scopesAllowedFor(keyScopes: readonly string[]): ApiPixScope[] {
  const held = new Set(keyScopes);
  return (Object.keys(API_PIX_SCOPES) as ApiPixScope[]).filter((s) => API_PIX_SCOPES[s].every((needed) => held.has(needed)));
}

export type ScopeGrant = { granted: ApiPixScope[] } | { refused: string[] };

/**
 * What a token asked for with `scope` (RFC 6749 §3.3: space separated; absent: everything the key allows)
 * is granted: each asked scope must be an API Pix scope the key allows, else the whole request is refused,
 * naming what was refused (`invalid_scope`). Nothing to grant at all is refused as well.
 */
export function grantScopes(keyScopes: readonly string[], asked: string | undefined): ScopeGrant {
  const allowed = scopesAllowedFor(keyScopes);
  if (asked === undefined) return allowed.length > 0 ? { granted: allowed } : { refused: [] };
  const wanted = [...new Set(asked.split(' ').filter(Boolean))];
  const refused = wanted.filter((s) => !isApiPixScope(s) || !allowed.includes(s));
  if (refused.length > 0 || wanted.length === 0) return { refused };
  return { granted: allowed.filter((s) => wanted.includes(s)) };
}
