import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import type { PixProvider } from '../../config/pix-provider.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { SandboxDepositsModule } from '../sandbox/sandbox-deposits.module.js';
import { OnboardClientUseCase } from './application/onboard-client.use-case.js';
import { OpeningBalance } from './application/opening-balance.js';
import { SandboxOpeningBalance } from './infrastructure/sandbox-opening-balance.js';

/** What each provider brings for opening balances: the modules its adapter needs, and the adapter. */
const OPENING_BALANCE: Record<PixProvider, { imports: Type[]; adapter: Type<OpeningBalance> }> = {
  sandbox: { imports: [SandboxDepositsModule], adapter: SandboxOpeningBalance },
};

/**
 * Composes identity and ledger to open clients (used by the CLI and tests). The opening balance goes
 * through the configured provider's adapter; the sandbox deposits module is loaded only for the sandbox.
 */
@Module({})
export class OnboardingModule {
  static register(provider: PixProvider): DynamicModule {
    const { imports, adapter } = OPENING_BALANCE[provider];
    const providers: Provider[] = [OnboardClientUseCase, { provide: OpeningBalance, useClass: adapter }];
    return { module: OnboardingModule, imports: [IdentityModule, LedgerModule, ...imports], providers, exports: [OnboardClientUseCase] };
  }
}
