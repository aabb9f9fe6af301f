/** Who is calling: a client (account holder) or an admin, through one API key and its scopes. */
export interface Principal {
  kind: 'client' | 'admin';
  /** Client id or admin id (the token's `sub`). */
  id: string;
  keyId: string;
  scopes: string[];
}

/** Every scope a client key may hold (spec "Authentication" plus docs/conventions.md §2 additions). */
export const CLIENT_SCOPES = [
  'pix:keys:read',
  'pix:keys:write',
  'pix:balance:read',
  'pix:cashin:read',
  'pix:cashin:write',
  'pix:cashout:read',
  'pix:cashout:write',
  'pix:limits:read',
  'pix:limits:write',
  'pix:med:read',
  'pix:med:write',
  'pix:reversals:read',
  'pix:reversals:write',
  'pix:p2p:read',
  'pix:p2p:write',
  'webhooks:read',
  'webhooks:write',
] as const;

/** Scopes only admin keys may hold. */
export const ADMIN_SCOPES = [
  'admin:limits:read',
  'admin:limits:write',
  'admin:ledger:read',
  'admin:fees:read',
  'admin:fees:write',
  // The queue board (/admin/queues): reading it, and retrying, promoting, cleaning or pausing jobs.
  'admin:queues:read',
  'admin:queues:write',
] as const;
