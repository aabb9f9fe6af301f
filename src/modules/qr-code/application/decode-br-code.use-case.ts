import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { counterpartyOf, KeyDirectory } from '../../keys/application/key-directory.js';
import { parseBrCode, type BrCode } from '../../../shared/domain/br-code/br-code.js';
import { InvalidBrCodeError } from '../../../shared/domain/br-code/br-code.errors.js';
import { detectPixKeyType, type PixKeyType } from '../../../shared/domain/pix-key.js';
import { QrLookupRepository } from './qr-lookup.repository.js';
import { QrPayloadFetcher, type DynamicQrPayload } from './qr-payload-fetcher.js';
import { Clock } from '../../../shared/time/clock.js';
import { LookupThrottle } from '../../keys/application/lookup-throttle.service.js';

/** Where a decode's stored result keeps the charge's txid (qr_lookups.result), read back by StoredPaymentLookups. */
export const CHARGE_TXID = 'charge_txid';
/** Where it keeps the code's own 62-05, which a static code's payment carries (unless it is `NO_TXID`). */
export const STATIC_TXID = 'txid';
/** A code's 62-05 when it names no txid. */
export const NO_TXID = '***';

export interface DecodeResult {
  qrType: 'static' | 'dynamic';
  endToEndId: string;
  pixKey: string;
  amount: string | null;
  receiver: Counterparty;
  payload: DynamicQrPayload | null;
}

/**
 * Decodes a BR Code into recipient and charge data and stores the result under a fresh end-to-end
 * id, which a cash-out (Flow 3) then pays without decoding again.
 */
@Injectable()
export class DecodeBrCodeUseCase {
  constructor(
    private readonly keys: KeyDirectory,
    private readonly fetcher: QrPayloadFetcher,
    private readonly lookups: QrLookupRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
    private readonly clock: Clock,
    private readonly throttle: LookupThrottle,
  ) {}

  async execute(clientId: string, brCode: string): Promise<DecodeResult> {
    const code = parseBrCode(brCode);
    const resolved = code.type === 'static' ? await this.fromStatic(clientId, code) : await this.fromDynamic(clientId, code);
    const now = this.clock.now();
    const endToEndId = newEndToEndId(this.config.pspIspb, now);
    const result: DecodeResult = { ...resolved, qrType: code.type, endToEndId };
    const fixed = resolved.payload
      ? (resolved.payload.dueDate?.finalAmount ?? resolved.payload.amount)
      : resolved.amount === null
        ? null
        : Money.of(resolved.amount);
    await this.lookups.insert({
      endToEndId,
      clientId,
      qrType: code.type,
      pixKey: resolved.pixKey,
      pixKeyType: resolved.pixKeyType,
      receiver: resolved.receiver,
      fixedAmount: fixed,
      chargeId: resolved.payload?.chargeId ?? null,
      // The text parseBrCode read, so at most MAX_BR_CODE_LENGTH (512) characters whoever the caller; the
      // other fields are bounded by the parser too (txid 35, name 25, city 15): a row has a bounded size.
      result: {
        br_code: brCode.trim(),
        [STATIC_TXID]: code.txid,
        merchant_name: code.merchantName,
        merchant_city: code.merchantCity,
        // The charge's own txid (35 at most), which the payment's SPI order carries.
        ...(resolved.payload ? { [CHARGE_TXID]: resolved.payload.txid } : {}),
      },
      createdAt: now,
      usedAt: null,
      cashOutId: null,
    });
    return result;
  }

  private async fromStatic(clientId: string, code: BrCode) {
    const pixKey = code.pixKey!;
    const pixKeyType = detectPixKeyType(pixKey);
    if (!pixKeyType) {
      throw new InvalidBrCodeError('26.01', 'is not a valid CPF, CNPJ, e-mail, phone or EVP key');
    }
    // On the anti-scan budget: a static QR names any key, so decoding is a look-up like a key GET.
    const entry = await this.throttle.metered(clientId, () => this.keys.resolve(pixKey, pixKeyType as PixKeyType));
    if (!entry) {
      throw new DomainError('PIX_KEY_NOT_FOUND', 'The Pix key in this QR code is not registered', [
        { field: 'br_code', issue: 'key not found in the directory' },
      ]);
    }
    return { pixKey, pixKeyType, amount: code.amount ?? null, receiver: counterpartyOf(entry), payload: null };
  }

  private async fromDynamic(clientId: string, code: BrCode) {
    // On the anti-scan budget too: a URL of ours names a charge id, so unmetered decodes would tell which
    // charges exist; each fetch also costs a query (or, from another institution, an outbound request).
    const payload = await this.throttle.metered(clientId, () => this.fetcher.fetch(code.url!));
    if (!payload) {
      throw new DomainError('QR_PAYLOAD_UNAVAILABLE', 'The payload of this dynamic QR code could not be fetched', [
        { field: 'br_code', issue: `no charge at ${code.url}` },
      ]);
    }
    // A key held here is paid on-us, and its charges are read only at this institution's own locations, in process,
    // by their charge id. Another host's payload naming it could claim any txid and amount of ours: its charge
    // would stay open while the payment, credited on-us, carried the txid (docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md).
    if (payload.chargeId === null && (payload.receiver.internal || payload.receiver.ispb === this.config.pspIspb)) {
      throw new DomainError('QR_PAYLOAD_INVALID', 'The payload of this dynamic QR code is not a valid charge', [
        { field: 'br_code', issue: "its key is held at this institution, whose charges are read only at this institution's own locations" },
      ]);
    }
    // A code whose 62-05 carries a charge txid (26-35 letters and digits; not "***", not a shorter reference
    // some PSPs write) names its charge: a payload of another charge is not the one the payer was shown.
    if (/^[A-Za-z0-9]{26,35}$/.test(code.txid) && code.txid !== payload.txid) {
      throw new DomainError('QR_PAYLOAD_INVALID', "The payload of this dynamic QR code is not the code's charge", [
        { field: 'br_code', issue: "the payload's txid differs from the code's (field 62-05)" },
      ]);
    }
    if (payload.status === 'expired') throw new DomainError('QR_CODE_EXPIRED', 'The charge behind this QR code has expired');
    if (payload.status !== 'active') {
      throw new DomainError('CHARGE_NOT_PAYABLE', `The charge behind this QR code is ${payload.status}`);
    }
    return {
      pixKey: payload.pixKey,
      pixKeyType: payload.pixKeyType,
      amount: payload.amount.toFixed2(),
      receiver: payload.receiver,
      payload,
    };
  }
}
