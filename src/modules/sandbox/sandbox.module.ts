import { Module } from '@nestjs/common';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { CashOutModule } from '../cash-out/cash-out.module.js';
import { MedModule } from '../med/med.module.js';
import { SandboxCashInController } from './infrastructure/http/sandbox-cash-in.controller.js';
import { SandboxCashOutController } from './infrastructure/http/sandbox-cash-out.controller.js';
import { SandboxDepositsController } from './infrastructure/http/sandbox-deposits.controller.js';
import { SandboxMedController } from './infrastructure/http/sandbox-med.controller.js';
import { SandboxDepositsModule } from './sandbox-deposits.module.js';

/** Simulation endpoints of the sandbox provider (docs/conventions.md §11); mounted only when PIX_PROVIDER=sandbox. */
@Module({
  imports: [SandboxDepositsModule, CashOutModule, CashInModule, MedModule],
  controllers: [SandboxDepositsController, SandboxCashOutController, SandboxCashInController, SandboxMedController],
})
export class SandboxModule {}
