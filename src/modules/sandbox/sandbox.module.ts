import { Module } from '@nestjs/common';
import { SandboxDepositsController } from './infrastructure/http/sandbox-deposits.controller.js';
import { SandboxDepositsModule } from './sandbox-deposits.module.js';

/** Simulation endpoints of the sandbox provider (DECISIONS §11); mounted only when PIX_PROVIDER=sandbox. */
@Module({
  imports: [SandboxDepositsModule],
  controllers: [SandboxDepositsController],
})
export class SandboxModule {}
