import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/errors/domain-error.js';
import type { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import type { Movement } from '../../ledger/application/ledger.service.js';
import { CashInCredits, type CreditPayerRecord } from './cash-in-credits.js';
import { ChargeRepository } from './charge.repository.js';
import { ChargeStore } from './charge-store.js';

/** A payment arriving for a charge. */
export interface IncomingChargePayment {
  chargeId: string;
  /** What the payer sent; null means "the amount due" (the sandbox's default). */
  amount: Money | null;
  endToEndId: string;
  /** The payer as the merchant's statement shows them, their institution at least. */
  payer: CreditPayerRecord & { bank: { agency?: string; account?: string; account_type?: string } };
  /** When the payer's amount was fixed (a due-date charge is priced on that day); defaults to `at`. */
  pricedAt?: Date;
  at: Date;
}

/** What a received charge payment did: the charge's `cash_in` (its id is the charge's) and the credit to post. */
export interface ReceivedChargePayment {
  transactionId: string;
  clientId: string;
  accountId: string;
  amount: Money;
  fee: Money;
  /** The merchant's credit (and fee): post it together with the caller's own movements. */
  movement: Movement;
  /** Writes the charge, its transaction and its event: call after posting `movement`. */
  record(): Promise<void>;
}

/** The refusals a payment of a charge can meet: the payer's side ends with these codes. */
export const CHARGE_PAYMENT_REFUSALS = ['CHARGE_NOT_PAYABLE', 'QR_CODE_EXPIRED', 'AMOUNT_MISMATCH', 'CASH_IN_NOT_FOUND'] as const;

export function isChargePaymentRefusal(err: unknown): err is DomainError {
  return err instanceof DomainError && (CHARGE_PAYMENT_REFUSALS as readonly string[]).includes(err.code);
}

/**
 * Receives the payment of a charge inside the caller's unit of work: row-locks the charge, refuses it
 * unless it is payable with exactly the amount due (a refusal throws before anything is written), then
 * hands back the merchant's ledger credit and a `record` step that completes the charge and its
 * `cash_in` transaction and writes `cash_in.completed`. The caller posts the credit together with its
 * own movements (the ledger locks balances in one sorted order) and then calls `record`: balances before
 * transaction rows, the house lock order. A charge is paid at most once, whoever pays it: the sandbox's
 * external payer or a client on-us.
 */
@Injectable()
export class ChargePayments {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly store: ChargeStore,
    private readonly credits: CashInCredits,
    private readonly outbox: OutboxWriter,
  ) {}

  async receive(p: IncomingChargePayment): Promise<ReceivedChargePayment> {
    const charge = await this.charges.lock(p.chargeId);
    if (!charge) throw new DomainError('CASH_IN_NOT_FOUND', 'No such charge');
    const amount = charge.pay({ amount: p.amount, endToEndId: p.endToEndId, payer: p.payer, pricedAt: p.pricedAt ?? p.at, now: p.at });
    const c = charge.snapshot;
    const credit = await this.credits.price({
      transactionId: c.id,
      clientId: c.clientId,
      accountId: c.accountId,
      amount,
      endToEndId: p.endToEndId,
      description: 'charge paid',
      conciliationId: c.txid,
      pixKey: c.pixKey,
      payer: p.payer,
    });
    const record = async () => {
      // The charge and its `cash_in` line, which takes what arrived from the charge and the fee priced on it.
      await this.store.save(charge, { fee: credit.fee });
      await this.outbox.append([credit.event]);
    };
    return {
      transactionId: c.id,
      clientId: c.clientId,
      accountId: c.accountId,
      amount,
      fee: credit.fee,
      movement: credit.movement,
      record,
    };
  }
}
