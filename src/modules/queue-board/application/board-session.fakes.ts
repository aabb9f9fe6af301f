import { type BoardSession, BoardSessionStore } from './board-session.js';

/** Board sessions in memory, for unit tests; `ttlMs` is kept to be read back, never acted on. */
export class InMemoryBoardSessionStore extends BoardSessionStore {
  readonly entries = new Map<string, { session: BoardSession; ttlMs: number }>();

  async save(digest: string, session: BoardSession, ttlMs: number): Promise<void> {
    this.entries.set(digest, { session: { ...session, scopes: [...session.scopes] }, ttlMs });
  }

  async find(digest: string): Promise<BoardSession | null> {
    return this.entries.get(digest)?.session ?? null;
  }

  async delete(digest: string): Promise<void> {
    this.entries.delete(digest);
  }
}
