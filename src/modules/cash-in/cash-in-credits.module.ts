import { Module } from '@nestjs/common';
import { FeesModule } from '../fees/fees.module.js';
import { CashInCredits } from './application/cash-in-credits.js';

/** The one way money arrives as a `cash_in` (CashInCredits) alone: for the sandbox's deposits, without charges. */
@Module({
  imports: [FeesModule],
  providers: [CashInCredits],
  exports: [CashInCredits],
})
export class CashInCreditsModule {}
