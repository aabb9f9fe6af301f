/** Reading the queue board (its page, assets and JSON API). */
export const QUEUE_READ_SCOPE = 'admin:queues:read';
/** Retrying, promoting and cleaning jobs, pausing and resuming queues. */
export const QUEUE_WRITE_SCOPE = 'admin:queues:write';

/** The scopes a board session carries: only the board's own, whatever else the admin's key holds. */
export const BOARD_SCOPES: readonly string[] = [QUEUE_READ_SCOPE, QUEUE_WRITE_SCOPE];

/** An admin signed in to the queue board: whose key, which board scopes, and until when (absolute). */
export interface BoardSession {
  adminId: string;
  keyId: string;
  scopes: string[];
  expiresAt: Date;
}

/**
 * Port for where board sessions live, by the digest of their id (never the id itself, so a reader of
 * the store holds nothing a browser could present). An entry disappears by itself after `ttlMs`.
 */
export abstract class BoardSessionStore {
  abstract save(digest: string, session: BoardSession, ttlMs: number): Promise<void>;

  abstract find(digest: string): Promise<BoardSession | null>;

  abstract delete(digest: string): Promise<void>;
}
