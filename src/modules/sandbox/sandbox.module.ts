import { Module } from '@nestjs/common';
import { CashOutModule } from '../cash-out/cash-out.module.js';
import { SandboxCashOutController } from './infrastructure/http/sandbox-cash-out.controller.js';
import { SandboxDepositsController } from './infrastructure/http/sandbox-deposits.controller.js';
import { SandboxDepositsModule } from './sandbox-deposits.module.js';

/** Simulation endpoints of the sandbox provider (docs/conventions.md §11); mounted only when PIX_PROVIDER=sandbox. */
@Module({
  imports: [SandboxDepositsModule, CashOutModule],
  controllers: [SandboxDepositsController, SandboxCashOutController],
})
export class SandboxModule {}
