import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';
import type { DueDateTerms } from '../../cash-in/application/charge-quotes.js';

/** What the URL of a dynamic QR resolves to: one charge. */
export interface DynamicQrPayload {
  /** The charge of this service; null for another institution's charge. */
  chargeId: string | null;
  /** The charge's txid (its `conciliation_id` at the receiver; the SPI order carries it). */
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
 * Port that fetches the payload behind a dynamic QR's URL (field 26/25): a URL under PIX_QR_BASE_URL resolves
 * to a charge of this service in process; any other is fetched over HTTPS from its institution and verified
 * (docs/adr/0208-foreign-dynamic-qr-verification.md). Null when the URL cannot be resolved; a payload that
 * fails verification throws QR_SIGNATURE_INVALID, QR_CERTIFICATE_UNTRUSTED or QR_PAYLOAD_INVALID.
 */
export abstract class QrPayloadFetcher {
  abstract fetch(url: string): Promise<DynamicQrPayload | null>;
}
