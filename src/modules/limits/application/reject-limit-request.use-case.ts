import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import type { LimitRequest } from '../domain/limit-request.aggregate.js';
import { LimitRequestNotPendingError } from '../domain/limits.errors.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { lockForDecision } from './lock-for-decision.js';
import { Clock } from '../../../shared/time/clock.js';

/** An administrator refuses a request, giving the reason the client will see. */
@Injectable()
export class RejectLimitRequestUseCase {
  constructor(
    private readonly repo: LimitRequestRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(adminId: string, id: string, reason: string): Promise<LimitRequest> {
    const now = this.clock.now();
    const outcome = await this.uow.run(async () => {
      const r = await lockForDecision(this.repo, this.outbox, id, now);
      if (r.status === 'expired') return r;
      r.reject(adminId, reason, now);
      await this.repo.save(r);
      await this.outbox.append(r.pullEvents());
      return r;
    });
    if (outcome.status === 'expired') throw new LimitRequestNotPendingError('expired');
    return outcome;
  }
}
