import { Injectable } from '@nestjs/common';
import { TableRetentionPurger } from '../retention/retention-purger.js';

/**
 * Idempotency keys live 24 h (their `expires_at`, set by IdempotencyService); the purge deletes expired ones.
 * A key being claimed again is row-locked and skipped.
 */
@Injectable()
export class IdempotencyKeyPurger extends TableRetentionPurger {
  readonly name = 'idempotencyKeys';
  protected readonly table = 'idempotency_keys';
  protected readonly condition = 'expires_at < $1';

  protected cutoff(now: Date): Date {
    return now;
  }
}
