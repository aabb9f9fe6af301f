import { Injectable } from '@nestjs/common';
import type { LimitRequest, LimitRequestStatus } from '../domain/limit-request.aggregate.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { Clock } from '../../../shared/time/clock.js';

const CATCH_UP = 500;

/** Every client's requests in one status, for administrators. */
@Injectable()
export class AdminListLimitRequestsUseCase {
  constructor(
    private readonly repo: LimitRequestRepository,
    private readonly expire: ExpireLimitRequestsUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(status: LimitRequestStatus, limit: number, offset: number): Promise<LimitRequest[]> {
    const now = this.clock.now();
    // Catch up with the sweeper so `expired` lists what has lapsed; `pending` excludes lapsed ones anyway.
    await this.expire.execute({}, now, { skipLocked: true, limit: CATCH_UP });
    return this.repo.listByStatus(status, now, limit, offset);
  }
}
