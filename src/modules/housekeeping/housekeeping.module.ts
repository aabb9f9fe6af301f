import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RetentionPurgeScheduler } from './infrastructure/retention-purge.scheduler.js';
import { RetentionPurgeService } from './infrastructure/retention-purge.service.js';

/**
 * Keeps the tables that only serve a short purpose from growing forever: schedules the retention purge and
 * calls every module's `RetentionPurger` (docs/adr/0201-each-owner-purges-its-own-rows.md).
 */
@Module({
  imports: [DiscoveryModule],
  providers: [RetentionPurgeService, RetentionPurgeScheduler],
  exports: [RetentionPurgeService],
})
export class HousekeepingModule {}
