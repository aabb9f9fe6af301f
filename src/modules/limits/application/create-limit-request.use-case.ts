import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { effectiveCaps } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import { LimitRequest } from '../domain/limit-request.aggregate.js';
import { AccountLimitsRepository } from './account-limits.repository.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { LimitRequestRepository } from './limit-request.repository.js';
import { Clock } from '../../../shared/time/clock.js';

export interface CreateLimitRequestCommand {
  clientId: string;
  accountId?: string;
  type: LimitType;
  period: LimitPeriod;
  requestedAmount: string;
  reason?: string;
}

/**
 * Opens a request to change one cap. A raise is pending for an administrator (a second pending one for the same
 * cap is refused, 409); a reduction, or the same cap, is approved when made and applies at once
 * (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
 */
@Injectable()
export class CreateLimitRequestUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly accountLimits: AccountLimitsRepository,
    private readonly repo: LimitRequestRepository,
    private readonly expire: ExpireLimitRequestsUseCase,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(cmd: CreateLimitRequestCommand): Promise<LimitRequest> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const { account, holder } = await this.accounts.ownAccount(cmd.clientId, cmd.accountId);
      // An overdue pending request must not block a new one: expire it first (waiting for, not skipping,
      // a sweeper that holds it), so the partial unique index only sees live pending requests.
      const filter = { accountId: account.id, type: cmd.type, period: cmd.period };
      await this.expire.execute(filter, now, { skipLocked: false, limit: 10 });
      const overrides = await this.accountLimits.overridesFor(account.id, cmd.type, now);
      const request = LimitRequest.open({
        id: randomUUID(),
        clientId: cmd.clientId,
        accountId: account.id,
        type: cmd.type,
        period: cmd.period,
        currentAmount: effectiveCaps(holder, cmd.type, overrides)[cmd.period],
        requestedAmount: Money.of(cmd.requestedAmount),
        reason: cmd.reason,
        now,
      });
      await this.repo.insert(request);
      // A reduction (or the same cap) takes effect at once, without approval (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
      if (request.status === 'approved')
        await this.accountLimits.setCap(account.id, cmd.type, cmd.period, request.snapshot.requestedAmount, now);
      await this.outbox.append(request.pullEvents());
      return request;
    });
  }
}
