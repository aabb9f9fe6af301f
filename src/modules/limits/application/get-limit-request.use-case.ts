import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import type { LimitRequest } from '../domain/limit-request.aggregate.js';
import { LimitRequestNotFoundError } from '../domain/limits.errors.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { Clock } from '../../../shared/time/clock.js';

/** One of the caller's requests, in any status; another client's is "not found". */
@Injectable()
export class GetLimitRequestUseCase {
  constructor(
    private readonly repo: LimitRequestRepository,
    private readonly expire: ExpireLimitRequestsUseCase,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(clientId: string, id: string): Promise<LimitRequest> {
    const now = this.clock.now();
    return this.uow.run(async () => {
      // Waits for a sweeper holding the row rather than answering with its stale `pending`.
      await this.expire.execute({ id, clientId }, now, { skipLocked: false, limit: 1 });
      const request = await this.repo.findById(id);
      if (!request || request.snapshot.clientId !== clientId) throw new LimitRequestNotFoundError();
      return request;
    });
  }
}
