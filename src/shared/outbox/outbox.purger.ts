import { Injectable } from '@nestjs/common';
import { daysBefore, TableRetentionPurger } from '../retention/retention-purger.js';

/**
 * Outbox rows are kept this many days after the relay handed them to the queues. Webhooks keep their own copy of
 * the events they still have to dispatch (docs/adr/0202-webhook-events-have-their-own-intake.md): the outbox
 * waits for no one else.
 */
export const OUTBOX_RETENTION_DAYS = 7;

/** Deletes outbox rows relayed more than OUTBOX_RETENTION_DAYS ago (served by ix_outbox_published_at). */
@Injectable()
export class OutboxPurger extends TableRetentionPurger {
  readonly name = 'outboxMessages';
  protected readonly table = 'outbox_messages';
  protected readonly condition = 'published_at < $1';

  protected cutoff(now: Date): Date {
    return daysBefore(now, OUTBOX_RETENTION_DAYS);
  }
}
