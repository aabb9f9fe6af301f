import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';

/** One stored decode (the lookup history of docs/conventions.md §7-8). */
export interface QrLookupRecord {
  endToEndId: string;
  clientId: string;
  qrType: 'static' | 'dynamic';
  pixKey: string | null;
  pixKeyType: string | null;
  receiver: Counterparty;
  /** The amount the payer must pay, or null when the payer chooses. */
  fixedAmount: Money | null;
  chargeId: string | null;
  result: Record<string, unknown>;
  createdAt: Date;
  usedAt: Date | null;
  cashOutId: string | null;
}

/** Port to the decode history. */
export abstract class QrLookupRepository {
  abstract insert(record: QrLookupRecord): Promise<void>;
  /** Loads with a row lock inside the caller's transaction. */
  abstract lock(endToEndId: string): Promise<QrLookupRecord | null>;
  abstract markUsed(endToEndId: string, cashOutId: string, at: Date): Promise<void>;
}
