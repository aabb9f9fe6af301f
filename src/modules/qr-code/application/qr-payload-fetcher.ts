import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';
import type { DueDateTerms } from '../../cash-in/application/charge-quotes.js';

/** What the URL of a dynamic QR resolves to: one charge. */
export interface DynamicQrPayload {
  chargeId: string;
  /** The charge's txid (its `conciliation_id` at the receiver). */
  txid: string;
  status: 'active' | 'expired' | 'cancelled' | 'paid';
  amount: Money;
  pixKey: string;
  pixKeyType: string;
  receiver: Counterparty;
  /** A due-date charge (cobv): its terms, and the amount due today with every term applied. */
  dueDate?: { terms: DueDateTerms; finalAmount: Money };
}

/**
 * Port that fetches the payload behind a dynamic QR's URL (field 26/25). The sandbox resolves URLs
 * under PIX_QR_BASE_URL to charges of this service; null when the URL cannot be resolved.
 */
export abstract class QrPayloadFetcher {
  abstract fetch(url: string): Promise<DynamicQrPayload | null>;
}
