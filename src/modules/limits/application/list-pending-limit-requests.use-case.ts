import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import type { LimitRequest } from '../domain/limit-request.aggregate.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { Clock } from '../../../shared/time/clock.js';

/** The caller's pending, unexpired requests (of one account when given); overdue ones are expired on the way. */
@Injectable()
export class ListPendingLimitRequestsUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly repo: LimitRequestRepository,
    private readonly expire: ExpireLimitRequestsUseCase,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, accountId?: string): Promise<LimitRequest[]> {
    if (accountId) await this.accounts.ownAccount(clientId, accountId);
    const now = this.clock.now();
    return this.uow.run(async () => {
      await this.expire.execute({ clientId, accountId }, now);
      return this.repo.listPending(clientId, now, accountId);
    });
  }
}
