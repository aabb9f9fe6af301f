import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { cashInCompleted } from '../domain/cash-in.events.js';
import type { Money } from '../../../shared/money/money.js';
import { FeePolicy } from '../../fees/application/fee-policy.js';
import type { Movement } from '../../ledger/application/ledger.service.js';
import { isStaticTxid } from '../../../shared/domain/br-code/br-code.js';

/**
 * The payer as the credit's transaction records them (the statement's party shape), whose bank names at least
 * their institution: `cash_in.completed` is built from this same record, so the two cannot disagree.
 */
export interface CreditPayerRecord {
  name: string | null;
  /** As the record stores it: masked for an on-us payer, whole for one from another institution (for a return). */
  document: string | null;
  bank: { ispb: string; participant_name: string | null };
}

/** Money arriving in a client's account as a completed `cash_in`. */
export interface IncomingCredit {
  /** The `cash_in` transaction (a new row, or the charge's own). */
  transactionId: string;
  clientId: string;
  accountId: string;
  amount: Money;
  endToEndId: string;
  /** The ledger journal's description. */
  description: string;
  /** The txid of the charge the payment paid, when it paid one (ChargePayments alone sets it). */
  conciliationId?: string | null;
  /**
   * The txid the payment carried, when not a charge's: a static QR code's 62-05 (docs/adr/0213-static-codes-for-own-keys.md),
   * attached only when it is one (`creditTxid`). A charge's payment carries the charge's txid, its `conciliationId`.
   */
  txid?: string | null;
  /** The receiving Pix key the payment named (a charge's key; the key of an on-us payment by key or QR code). */
  pixKey?: string | null;
  /** Who paid, as the transaction records them. */
  payer: CreditPayerRecord;
}

/** A priced credit: what the caller posts and writes, in its own lock order. */
export interface PricedCredit {
  /** The receiver's inbound fee (zero without a fee schedule). */
  fee: Money;
  /** The credit, and the fee line when there is a fee. */
  movement: Movement;
  /** `cash_in.completed`, with the same figures. */
  event: DomainEvent<'cash_in.completed'>;
  /** The txid the credit carries (`creditTxid`): the caller's transaction row writes this one, as the event does. */
  txid: string | null;
}

/**
 * The txid a credit carries (docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md): the charge's when the
 * payment paid that very charge (`conciliationId`, set by ChargePayments once the charge, found by its own
 * location, took the payment under its lock with exactly its amount), else a static code's txid as the scheme
 * writes it (1 to 25 letters and digits). Any other is not attached: a charge's txid (26 to 35 letters and
 * digits) that a payment carried without paying the charge, as another host's payload naming one of our keys
 * could make it, would reconcile an unpaid order by its txid (the statement, API Pix `pix`, its callback).
 */
export function creditTxid(credit: Pick<IncomingCredit, 'conciliationId' | 'txid'>): string | null {
  if (credit.conciliationId) return credit.conciliationId;
  return isStaticTxid(credit.txid) ? credit.txid : null;
}

/**
 * The one way money arrives as a `cash_in` (docs/adr/0197-one-way-money-arrives.md), whoever sent it: a
 * sandbox deposit, another client's on-us cash-out, or the payment of a charge. It prices the credit with
 * the receiver's `cash_in` fee and builds the ledger movement (credit, then the fee line) and the event, so
 * their figures cannot disagree. It writes nothing: the caller posts the movement together with its own
 * (one sorted lock order), then writes the transaction row and appends the event.
 */
@Injectable()
export class CashInCredits {
  constructor(
    private readonly fees: FeePolicy,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
  ) {}

  async price(credit: IncomingCredit): Promise<PricedCredit> {
    const { transactionId, clientId, accountId, amount } = credit;
    const fee = await this.fees.feeFor(clientId, 'cash_in', amount);
    const txid = creditTxid(credit);
    return {
      fee,
      txid,
      movement: {
        transactionId,
        description: credit.description,
        lines: [
          { accountId, operation: 'credit', amount },
          ...(fee.isPositive() ? [{ accountId, operation: 'fee' as const, amount: fee }] : []),
        ],
      },
      event: cashInCompleted({
        transactionId,
        clientId,
        accountId,
        endToEndId: credit.endToEndId,
        amount,
        fee,
        pspIspb: this.config.pspIspb,
        conciliationId: credit.conciliationId ?? null,
        txid,
        pixKey: credit.pixKey ?? null,
        payer: {
          name: credit.payer.name,
          document: credit.payer.document,
          ispb: credit.payer.bank.ispb,
          institutionName: credit.payer.bank.participant_name,
        },
      }),
    };
  }
}
