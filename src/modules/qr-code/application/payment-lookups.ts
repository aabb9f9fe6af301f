import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';

/** A stored QR decode, as a cash-out (Flow 3) needs it. */
export interface PaymentLookup {
  endToEndId: string;
  qrType: 'static' | 'dynamic';
  pixKey: string | null;
  /** Upper case: CPF, CNPJ, EMAIL, PHONE, EVP. */
  pixKeyType: string | null;
  receiver: Counterparty;
  /** The amount the payer must pay (QR amount, or final_amount of a due-date charge); null when free. */
  fixedAmount: Money | null;
  /** The charge of this service the QR points to, when it is one (dynamic QR). */
  chargeId: string | null;
  /** A dynamic QR's charge txid (ours or another institution's), which the payment's SPI order carries. */
  txid: string | null;
}

/**
 * Port to the decode history (docs/conventions.md §7). `consumeForPayment` joins the caller's transaction,
 * row-locks the lookup and marks it used by `cashOutId`. Errors: LOOKUP_NOT_FOUND (400; also
 * another client's lookup), LOOKUP_ALREADY_USED (409), LOOKUP_EXPIRED (400, older than 30 min),
 * AMOUNT_MISMATCH (400, when the QR fixes the amount and `amount` differs).
 */
export abstract class PaymentLookups {
  abstract consumeForPayment(clientId: string, endToEndId: string, amount: Money, cashOutId: string): Promise<PaymentLookup>;
}
