import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { LimitRequestRepository, type ClaimOptions, type DueFilter } from './limit-request.repository.js';

export const EXPIRY_BATCH = 100;

/**
 * Moves overdue pending requests to `expired`, each with its `limit_request.expired` event in the
 * same transaction. Only rows still pending under the row lock are claimed, so however many readers
 * and sweepers race, each request expires (and emits) once. Joins the caller's unit of work.
 */
@Injectable()
export class ExpireLimitRequestsUseCase {
  constructor(
    private readonly repo: LimitRequestRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
  ) {}

  /** Returns how many requests it expired. */
  execute(filter: DueFilter, now: Date, opts: ClaimOptions = { skipLocked: true, limit: EXPIRY_BATCH }): Promise<number> {
    return this.uow.run(async () => {
      const due = await this.repo.claimDue(filter, now, opts);
      for (const r of due) {
        r.expire(now);
        await this.repo.save(r);
        await this.outbox.append(r.pullEvents());
      }
      return due.length;
    });
  }
}
