import { Module } from '@nestjs/common';
import { RetentionPurgeScheduler } from './infrastructure/retention-purge.scheduler.js';
import { RetentionPurgeService } from './infrastructure/retention-purge.service.js';

/** Keeps the tables that only serve a short purpose from growing forever (retention purge). */
@Module({
  providers: [RetentionPurgeService, RetentionPurgeScheduler],
  exports: [RetentionPurgeService],
})
export class HousekeepingModule {}
