import { Injectable } from '@nestjs/common';
import { LedgerRepository, type LedgerVerification } from './ledger.repository.js';

/** Admin check of the double-entry invariant over the whole journal. */
@Injectable()
export class VerifyLedgerUseCase {
  constructor(private readonly repo: LedgerRepository) {}

  execute(): Promise<LedgerVerification> {
    return this.repo.verify();
  }
}
