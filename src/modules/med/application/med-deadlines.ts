import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import type { MedRequest } from '../domain/med-request.aggregate.js';
import { holdCutoff } from '../domain/med-timeline.js';
import { MedRequestRepository } from './med-request.repository.js';
import { MedRequestStore } from './med-request-store.js';

/** Requests advanced per database transaction by the sweep. */
export const MED_DEADLINE_BATCH = 200;

/** What a deadline did to a request: closed at the end of the analysis, or its hold ended (now IN_ANALYSIS). */
export type MedDeadlineMove = 'closed' | 'hold_ended';

/**
 * The time-driven moves of a MED request, on a request the caller has row-locked, with the timeline of
 * the configuration (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md): OPEN -> IN_ANALYSIS when
 * the precautionary hold's time (`MED_BLOCK_HOURS`) ends unanswered, the hold released; -> CLOSED at
 * `respond_by` (`MED_ANALYSIS_DAYS` after opening) unanswered, anything still held released. Used by the
 * sweep and by an answer that arrives after a deadline the sweep has not applied yet.
 */
@Injectable()
export class MedDeadlines {
  constructor(
    private readonly meds: MedRequestRepository,
    private readonly store: MedRequestStore,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'medTimeline'>,
  ) {}

  /** Applies the deadline due at `now` to a locked request (money released, saved, event written); null when none is. */
  async applyDue(med: MedRequest, now: Date): Promise<MedDeadlineMove | null> {
    const closed = med.close(now);
    if (closed) {
      await this.release(med, closed, 'MED closed unanswered: block released');
      await this.finish(med);
      return 'closed';
    }
    const ended = med.endHold(now, this.config.medTimeline);
    if (ended) {
      await this.release(med, ended, 'MED precautionary hold ended unanswered: block released');
      await this.finish(med);
      return 'hold_ended';
    }
    return null;
  }

  /** Releases `amount` of what a request blocked (nothing when it is zero). */
  async release(med: MedRequest, amount: Money, description: string): Promise<void> {
    if (!amount.isPositive()) return;
    const m = med.snapshot;
    await this.ledger.post({
      transactionId: m.transactionId,
      description,
      lines: [{ accountId: m.accountId, operation: 'unblock', amount }],
    });
  }

  /**
   * One batch of the sweep: active requests with a deadline due, claimed with SKIP LOCKED, each moved with
   * its event, in one transaction. Returns how many were claimed.
   */
  sweep(now: Date, limit = MED_DEADLINE_BATCH): Promise<number> {
    return this.uow.run(async () => {
      const due = await this.meds.lockDue(now, holdCutoff(now, this.config.medTimeline), limit);
      for (const med of due) await this.applyDue(med, now);
      return due.length;
    });
  }

  private async finish(med: MedRequest): Promise<void> {
    await this.store.save(med);
    await this.outbox.append(med.pullEvents());
  }
}
