import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import type { LimitRequest } from '../domain/limit-request.aggregate.js';
import { LimitRequestNotPendingError } from '../domain/limits.errors.js';
import { AccountLimitsRepository } from './account-limits.repository.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { lockForDecision } from './lock-for-decision.js';
import { Clock } from '../../../shared/time/clock.js';

/**
 * An administrator grants a raise: the new cap is scheduled for max(request + 24 h, approval), with the event, in
 * one transaction (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
 */
@Injectable()
export class ApproveLimitRequestUseCase {
  constructor(
    private readonly repo: LimitRequestRepository,
    private readonly accountLimits: AccountLimitsRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(adminId: string, id: string): Promise<LimitRequest> {
    const now = this.clock.now();
    const outcome = await this.uow.run(async () => {
      const r = await lockForDecision(this.repo, this.outbox, id, now);
      if (r.status === 'expired') return r;
      r.approve(adminId, now);
      const { accountId, type, period, requestedAmount, effectiveAt } = r.snapshot;
      if (!effectiveAt) throw new Error(`approved limit request ${r.id} has no effective time`);
      await this.accountLimits.scheduleCap(accountId, type, period, requestedAmount, effectiveAt, now);
      await this.repo.save(r);
      await this.outbox.append(r.pullEvents());
      return r;
    });
    // Thrown after commit so the expiry found on the way is kept.
    if (outcome.status === 'expired') throw new LimitRequestNotPendingError('expired');
    return outcome;
  }
}
