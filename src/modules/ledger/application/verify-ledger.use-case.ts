import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { LedgerRepository, type LedgerVerification } from './ledger.repository.js';

/**
 * Admin check over the whole journal: the double-entry invariant, balances against postings, and no
 * on-us flow leaving money in the settlement account (what leaves one client here arrives in another).
 */
@Injectable()
export class VerifyLedgerUseCase {
  constructor(
    private readonly repo: LedgerRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
  ) {}

  execute(): Promise<LedgerVerification> {
    return this.repo.verify(this.config.pspIspb);
  }
}
