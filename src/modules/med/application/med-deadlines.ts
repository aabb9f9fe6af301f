import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { MED_ANALYSIS_AFTER_MS, type MedRequest } from '../domain/med-request.aggregate.js';
import { MedRequestRepository } from './med-request.repository.js';
import { MedRequestStore } from './med-request-store.js';

/** Requests advanced per database transaction by the sweep. */
export const MED_DEADLINE_BATCH = 200;

/**
 * The time-driven moves of a MED request, on a request the caller has row-locked: OPEN -> IN_ANALYSIS
 * after 72 h unanswered, and -> CLOSED at `respond_by` unanswered (the block is released with `unblock`).
 * Used by the sweep and by an answer that arrives too late.
 */
@Injectable()
export class MedDeadlines {
  constructor(
    private readonly meds: MedRequestRepository,
    private readonly store: MedRequestStore,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
  ) {}

  /** Closes a lapsed locked request (block released, event written); false when it has not lapsed. */
  async closeIfLapsed(med: MedRequest, now: Date): Promise<boolean> {
    if (!med.close(now)) return false;
    await this.release(med, 'MED closed unanswered: block released');
    await this.store.save(med);
    await this.outbox.append(med.pullEvents());
    return true;
  }

  /** Releases what a request blocked (nothing when nothing was). */
  async release(med: MedRequest, description: string): Promise<void> {
    if (!med.hasBlock()) return;
    const m = med.snapshot;
    await this.ledger.post({
      transactionId: m.transactionId,
      description,
      lines: [{ accountId: m.accountId, operation: 'unblock', amount: m.blockedAmount }],
    });
  }

  /**
   * One batch of the sweep: active requests with something due, claimed with SKIP LOCKED, each closed
   * or put in analysis with its event, in one transaction. Returns how many moved.
   */
  sweep(now: Date, limit = MED_DEADLINE_BATCH): Promise<number> {
    return this.uow.run(async () => {
      const due = await this.meds.lockDue(now, new Date(now.getTime() - MED_ANALYSIS_AFTER_MS), limit);
      for (const med of due) {
        if (await this.closeIfLapsed(med, now)) continue;
        if (med.startAnalysis(now)) {
          await this.store.save(med);
          await this.outbox.append(med.pullEvents());
        }
      }
      return due.length;
    });
  }
}
