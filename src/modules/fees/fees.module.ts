import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module.js';
import { FeePolicy } from './application/fee-policy.js';
import { FeeScheduleRepository } from './application/fee-schedule.repository.js';
import { SetFeeRuleUseCase } from './application/set-fee-rule.use-case.js';
import { FeeAdminController } from './infrastructure/http/fee-admin.controller.js';
import { FeeScheduleOrmEntity } from './infrastructure/persistence/fee-schedule.orm-entity.js';
import { TypeormFeeScheduleRepository } from './infrastructure/persistence/typeorm-fee-schedule.repository.js';

/** Per-client fee schedules set by admins (docs/conventions.md §6); zero unless set. */
@Module({
  imports: [IdentityModule, TypeOrmModule.forFeature([FeeScheduleOrmEntity])],
  controllers: [FeeAdminController],
  providers: [{ provide: FeeScheduleRepository, useClass: TypeormFeeScheduleRepository }, FeePolicy, SetFeeRuleUseCase],
  exports: [FeePolicy],
})
export class FeesModule {}
