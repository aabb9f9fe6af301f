import type { CashPart } from '../domain/reversal.aggregate.js';

export type { CashPart };

/**
 * Port: the withdrawal (Pix Saque) or change (Pix Troco) part of the charge a received payment paid, or
 * null when the payment paid no such charge (or no charge at all). Bound to cash-in's `ChargeCashParts`;
 * reads join the caller's unit of work.
 */
export abstract class CashParts {
  abstract ofPayment(receivedTransactionId: string): Promise<CashPart | null>;
}
