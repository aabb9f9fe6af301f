import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { AccountLimitPolicy } from './application/account-limit-policy.service.js';
import { AccountLimitsRepository } from './application/account-limits.repository.js';
import { AdminListLimitRequestsUseCase } from './application/admin-list-limit-requests.use-case.js';
import { ApproveLimitRequestUseCase } from './application/approve-limit-request.use-case.js';
import { CreateLimitRequestUseCase } from './application/create-limit-request.use-case.js';
import { ExpireLimitRequestsUseCase } from './application/expire-limit-requests.use-case.js';
import { GetLimitRequestUseCase } from './application/get-limit-request.use-case.js';
import { GetLimitsUseCase } from './application/get-limits.use-case.js';
import { LimitPolicy } from './application/limit-policy.js';
import { LimitRequestRepository } from './application/limit-request.repository.js';
import { LimitSheets } from './application/limit-sheets.service.js';
import { LimitUsageRepository } from './application/limit-usage.repository.js';
import { SqlLimitUsageRepository } from './infrastructure/persistence/sql-limit-usage.repository.js';
import { ListPendingLimitRequestsUseCase } from './application/list-pending-limit-requests.use-case.js';
import { RejectLimitRequestUseCase } from './application/reject-limit-request.use-case.js';
import { AdminLimitRequestsController } from './infrastructure/http/admin-limit-requests.controller.js';
import { LimitRequestsController } from './infrastructure/http/limit-requests.controller.js';
import { LimitsController } from './infrastructure/http/limits.controller.js';
import { SetNighttimeStartUseCase } from './application/set-nighttime-start.use-case.js';
import { SqlAccountLimitsRepository } from './infrastructure/persistence/sql-account-limits.repository.js';
import { SqlLimitRequestRepository } from './infrastructure/persistence/sql-limit-request.repository.js';
import { LimitRequestExpiryScheduler } from './infrastructure/queue/limit-request-expiry.scheduler.js';

/** Transaction limits per account (the LimitPolicy payments call) and the admin-approved change requests. */
@Module({
  imports: [IdentityModule, TransactionsModule],
  controllers: [LimitsController, LimitRequestsController, AdminLimitRequestsController],
  providers: [
    SetNighttimeStartUseCase,
    { provide: AccountLimitsRepository, useClass: SqlAccountLimitsRepository },
    { provide: LimitRequestRepository, useClass: SqlLimitRequestRepository },
    { provide: LimitPolicy, useClass: AccountLimitPolicy },
    { provide: LimitUsageRepository, useClass: SqlLimitUsageRepository },
    LimitSheets,
    GetLimitsUseCase,
    CreateLimitRequestUseCase,
    ListPendingLimitRequestsUseCase,
    GetLimitRequestUseCase,
    ExpireLimitRequestsUseCase,
    AdminListLimitRequestsUseCase,
    ApproveLimitRequestUseCase,
    RejectLimitRequestUseCase,
    LimitRequestExpiryScheduler,
  ],
  exports: [LimitPolicy],
})
export class LimitsModule {}
