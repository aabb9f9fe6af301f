import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { daysBefore, deleteBatch, RetentionPurger } from '../../../../shared/retention/retention-purger.js';

/** QR decodes are payable for 30 minutes; the history is kept this many days for support. */
export const QR_LOOKUPS_RETENTION_DAYS = 7;

/** Deletes decodes older than QR_LOOKUPS_RETENTION_DAYS (served by ix_qr_lookups_created). */
@Injectable()
export class QrLookupPurger extends RetentionPurger {
  readonly name = 'qrLookups';

  constructor(private readonly sql: SqlSession) {
    super();
  }

  purgeBatch(now: Date, limit: number): Promise<number> {
    return deleteBatch(this.sql, 'qr_lookups', 'created_at < $1', daysBefore(now, QR_LOOKUPS_RETENTION_DAYS), limit);
  }
}
