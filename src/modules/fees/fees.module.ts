import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { FeePolicy } from './application/fee-policy.js';
import { FeeScheduleRepository } from './application/fee-schedule.repository.js';
import { SetFeeRuleUseCase } from './application/set-fee-rule.use-case.js';
import { FeeAdminController } from './infrastructure/http/fee-admin.controller.js';
import { SqlFeeScheduleRepository } from './infrastructure/persistence/sql-fee-schedule.repository.js';

/** Per-client fee schedules set by admins (docs/conventions.md §6); zero unless set. */
@Module({
  imports: [IdentityModule],
  controllers: [FeeAdminController],
  providers: [{ provide: FeeScheduleRepository, useClass: SqlFeeScheduleRepository }, FeePolicy, SetFeeRuleUseCase],
  exports: [FeePolicy],
})
export class FeesModule {}
