import { Injectable } from '@nestjs/common';
import { SqlSession } from '../persistence/sql-session.js';
import { deleteBatch, RetentionPurger } from '../retention/retention-purger.js';

/**
 * Idempotency keys live 24 h (their `expires_at`, set by IdempotencyService); the purge deletes expired ones.
 * A key being claimed again is row-locked and skipped.
 */
@Injectable()
export class IdempotencyKeyPurger extends RetentionPurger {
  readonly name = 'idempotencyKeys';

  constructor(private readonly sql: SqlSession) {
    super();
  }

  purgeBatch(now: Date, limit: number): Promise<number> {
    return deleteBatch(this.sql, 'idempotency_keys', 'expires_at < $1', now, limit);
  }
}
