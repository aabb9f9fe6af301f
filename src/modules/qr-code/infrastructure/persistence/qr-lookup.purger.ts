import { Injectable } from '@nestjs/common';
import { daysBefore, TableRetentionPurger } from '../../../../shared/retention/retention-purger.js';

/** QR decodes are payable for 30 minutes; the history is kept this many days for support. */
export const QR_LOOKUPS_RETENTION_DAYS = 7;

/** Deletes decodes older than QR_LOOKUPS_RETENTION_DAYS (served by ix_qr_lookups_created). */
@Injectable()
export class QrLookupPurger extends TableRetentionPurger {
  readonly name = 'qrLookups';
  protected readonly table = 'qr_lookups';
  protected readonly condition = 'created_at < $1';

  protected cutoff(now: Date): Date {
    return daysBefore(now, QR_LOOKUPS_RETENTION_DAYS);
  }
}
