import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './infrastructure/http/health.controller.js';

/** Liveness and readiness probes, run by @nestjs/terminus. */
@Module({
  // A failed readiness check is an answer (503 with the failing dependency), not an application error:
  // Terminus' own error log would repeat it on every probe.
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}
