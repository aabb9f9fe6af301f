import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { CHARGE_TXID, NO_TXID, STATIC_TXID } from './decode-br-code.use-case.js';
import { PaymentLookups, type PaymentLookup } from './payment-lookups.js';
import { QrLookupRepository, type QrLookupRecord } from './qr-lookup.repository.js';
import { Clock } from '../../../shared/time/clock.js';

export const LOOKUP_TTL_MS = 30 * 60 * 1000;

/** PaymentLookups over the stored decode history: ownership, single use, 30-minute life, fixed amounts. */
@Injectable()
export class StoredPaymentLookups extends PaymentLookups {
  constructor(
    private readonly lookups: QrLookupRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async consumeForPayment(clientId: string, endToEndId: string, amount: Money, cashOutId: string): Promise<PaymentLookup> {
    const field = 'X-Pix-Lookup-E2E';
    const record = await this.lookups.lock(endToEndId);
    if (!record || record.clientId !== clientId) {
      throw new DomainError('LOOKUP_NOT_FOUND', 'No QR decode of yours has this end-to-end id', [{ field, issue: 'unknown' }]);
    }
    if (record.usedAt) throw new DomainError('LOOKUP_ALREADY_USED', 'This QR decode was already used by a cash-out');
    const now = this.clock.now();
    if (now.getTime() - record.createdAt.getTime() > LOOKUP_TTL_MS) {
      throw new DomainError('LOOKUP_EXPIRED', 'This QR decode is older than 30 minutes; decode the QR again', [
        { field, issue: 'expired' },
      ]);
    }
    const fixedAmount = record.fixedAmount;
    if (fixedAmount && !fixedAmount.eq(amount)) {
      throw new DomainError('AMOUNT_MISMATCH', `This QR code fixes the amount at ${fixedAmount.toFixed2()}`, [
        { field: 'amount', issue: `must be ${fixedAmount.toFixed2()}` },
      ]);
    }
    await this.lookups.markUsed(endToEndId, cashOutId, now);
    return {
      endToEndId: record.endToEndId,
      qrType: record.qrType,
      pixKey: record.pixKey,
      pixKeyType: record.pixKeyType,
      receiver: record.receiver,
      fixedAmount,
      chargeId: record.chargeId,
      txid: paidTxid(record),
    };
  }
}

/**
 * The txid the payment carries: a dynamic code's charge txid (from its payload), or a static code's 62-05
 * unless it is `***` (no txid); the receiver reconciles by it (docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md).
 */
function paidTxid(record: QrLookupRecord): string | null {
  const field = record.qrType === 'dynamic' ? CHARGE_TXID : STATIC_TXID;
  const txid = record.result[field];
  return typeof txid === 'string' && txid !== NO_TXID ? txid : null;
}
