import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';

/** Financial terms of a due-date charge (cobv), as the spec's decode result shows them. */
export interface DueDateTerms {
  dueDate: string;
  penalty?: { mode: number; value: string };
  interest?: { mode: number; value: string };
  discount?: { mode: number; value?: string; fixed_dates?: { date: string; value: string }[] };
  rebate?: { mode: number; value: string };
  /** The amount due today with every term applied. */
  finalAmount: Money;
}

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
  dueDate?: DueDateTerms;
}

/**
 * Port that fetches the payload behind a dynamic QR's URL (field 26/25). The sandbox resolves URLs
 * under PIX_QR_BASE_URL to charges of this service; null when the URL cannot be resolved.
 */
export abstract class QrPayloadFetcher {
  abstract fetch(url: string): Promise<DynamicQrPayload | null>;
}
