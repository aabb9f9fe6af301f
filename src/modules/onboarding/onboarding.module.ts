import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { SandboxDepositsModule } from '../sandbox/sandbox-deposits.module.js';
import { OnboardClientUseCase } from './application/onboard-client.use-case.js';

/** Composes identity, ledger and the sandbox to open clients (used by the CLI and tests). */
@Module({
  imports: [IdentityModule, LedgerModule, SandboxDepositsModule],
  providers: [OnboardClientUseCase],
  exports: [OnboardClientUseCase],
})
export class OnboardingModule {}
