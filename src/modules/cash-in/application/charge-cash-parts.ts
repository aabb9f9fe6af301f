import { Injectable } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { ChargeRepository } from './charge.repository.js';

/**
 * The Pix Saque/Troco part of a paid charge, for a reversal with code SL02 (docs/conventions.md §10): a
 * charge's `cash_in` transaction has the charge's id, so the received payment names its charge. The
 * withdrawal part is `withdraw_amount` (Pix Saque), the change part `change_amount` (Pix Troco); a charge
 * with neither, an unpaid one, or a payment that paid no charge has none.
 */
@Injectable()
export class ChargeCashParts {
  constructor(private readonly charges: ChargeRepository) {}

  async ofPayment(receivedTransactionId: string): Promise<{ kind: 'withdrawal' | 'change'; amount: Money } | null> {
    const charge = await this.charges.findById(receivedTransactionId);
    if (!charge || charge.snapshot.status !== 'completed') return null;
    const { withdrawAmount, changeAmount } = charge.snapshot.details;
    if (withdrawAmount !== undefined) return { kind: 'withdrawal', amount: Money.of(withdrawAmount) };
    if (changeAmount !== undefined) return { kind: 'change', amount: Money.of(changeAmount) };
    return null;
  }
}
