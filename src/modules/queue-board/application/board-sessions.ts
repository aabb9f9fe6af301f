import { createHash, randomBytes } from 'node:crypto';
import type { CredentialThrottle } from '../../../shared/auth/credential-throttle.js';
import type { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import type { Principal } from '../../../shared/auth/principal.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import type { Clock } from '../../../shared/time/clock.js';
import { BOARD_SCOPES, QUEUE_READ_SCOPE, type BoardSessionStore } from './board-session.js';

/** Random bytes in a session id: 256 bits, so ids cannot be guessed or enumerated. */
export const SESSION_ID_BYTES = 32;

/** A session id as issued: 32 bytes in base64url, no padding. Anything else is never looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The store's name for a session: SHA-256 of its id, so the store holds nothing a browser could present. */
export const sessionDigest = (id: string): string => createHash('sha256').update(id).digest('hex');

/**
 * Signing in to the queue board: the admin's key pair is checked once, on the credential throttle's
 * failure budgets (per key id and source, and per source), and buys a session that lasts `ttlSeconds`
 * from sign-in (absolute, never extended). Each board request then only looks the session up: no
 * credential check and no budget. A session ends at its expiry, at sign-out, or once its key is revoked
 * (the verifier's "still active" answer, cached at most 60 s: docs/conventions.md §1).
 */
export class BoardSessions {
  constructor(
    private readonly store: BoardSessionStore,
    private readonly verifier: CredentialVerifier,
    private readonly throttle: CredentialThrottle,
    private readonly clock: Clock,
    readonly ttlSeconds: number,
  ) {}

  /** A new session's id for this key pair: 401/429 from the throttle, 403 for a client's key or one without the read scope. */
  async signIn(keyId: string | undefined, secret: string | undefined, source: string | undefined): Promise<string> {
    const principal = await this.throttle.check(keyId, secret, source, (id, pair) => this.verifier.verifyApiKey(id, pair));
    if (principal.kind !== 'admin') throw new DomainError('FORBIDDEN', 'The queue board is for admins; this is a client key');
    const scopes = principal.scopes.filter((scope) => BOARD_SCOPES.includes(scope));
    if (!scopes.includes(QUEUE_READ_SCOPE)) throw new DomainError('INSUFFICIENT_SCOPE', `Missing scope: ${QUEUE_READ_SCOPE}`);
    const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + this.ttlSeconds * 1000);
    await this.store.save(sessionDigest(id), { adminId: principal.id, keyId: principal.keyId, scopes, expiresAt }, this.ttlSeconds * 1000);
    return id;
  }

  /** The admin behind a live session, or null (unknown, expired, or its key revoked: then it is removed). */
  async resume(id: string): Promise<Principal | null> {
    if (!SESSION_ID.test(id)) return null;
    const digest = sessionDigest(id);
    const session = await this.store.find(digest);
    if (!session) return null;
    const principal: Principal = { kind: 'admin', id: session.adminId, keyId: session.keyId, scopes: session.scopes };
    if (session.expiresAt <= this.clock.now() || !(await this.verifier.isKeyValidFor(principal))) {
      await this.store.delete(digest);
      return null;
    }
    return principal;
  }

  async signOut(id: string): Promise<void> {
    if (SESSION_ID.test(id)) await this.store.delete(sessionDigest(id));
  }
}
