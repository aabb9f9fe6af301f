import type { Redis } from 'ioredis';
import { DependencyUnavailableError } from '../../../../shared/errors/dependency-outage.js';
import { type BoardSession, BoardSessionStore } from '../../application/board-session.js';

/** A session as stored: the admin, the key, the board scopes and the absolute expiry (RFC 3339). */
interface StoredSession {
  admin_id: string;
  key_id: string;
  scopes: string[];
  expires_at: string;
}

/**
 * Board sessions in the app's shared Redis connection, one string per session under
 * `<REDIS_KEY_PREFIX>:board-session:<digest>`, which Redis removes itself once its TTL runs out. Redis
 * unreachable is a 503 like every other outage (docs/conventions.md §3), never a session that is not there.
 */
export class RedisBoardSessionStore extends BoardSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    super();
  }

  async save(digest: string, session: BoardSession, ttlMs: number): Promise<void> {
    const stored: StoredSession = {
      admin_id: session.adminId,
      key_id: session.keyId,
      scopes: session.scopes,
      expires_at: session.expiresAt.toISOString(),
    };
    await this.call(() => this.redis.set(this.key(digest), JSON.stringify(stored), 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async find(digest: string): Promise<BoardSession | null> {
    const raw = await this.call(() => this.redis.get(this.key(digest)));
    if (raw === null) return null;
    const stored = JSON.parse(raw) as StoredSession;
    return { adminId: stored.admin_id, keyId: stored.key_id, scopes: stored.scopes, expiresAt: new Date(stored.expires_at) };
  }

  async delete(digest: string): Promise<void> {
    await this.call(() => this.redis.del(this.key(digest)));
  }

  private key(digest: string): string {
    return `${this.keyPrefix}:board-session:${digest}`;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new DependencyUnavailableError('redis');
    }
  }
}
