import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';

/**
 * How a payment was initiated, as pacs.008 carries it (`PmtTpInf/LclInstrm/Prtry` in the SPI catalogue's
 * messages): `MANU` keyed in by hand (bank details), `DICT` by Pix key, `QRES` a static QR code, `QRDN` a
 * dynamic QR code (docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md).
 */
export const SPI_INITIATION_TYPES = ['MANU', 'DICT', 'QRES', 'QRDN'] as const;
export type SpiInitiationType = (typeof SPI_INITIATION_TYPES)[number];

interface SpiOrderParties {
  endToEndId: string;
  amount: Money;
  payer: Counterparty;
  receiver: Counterparty;
}

/** A payment (pacs.008): how it was initiated and what it carries for the receiver. */
export interface SpiPaymentOrder extends SpiOrderParties {
  /** `LocalInstrument`: MANU, DICT, QRES or QRDN. */
  initiation: SpiInitiationType;
  /** The receiver's Pix key when the payer paid by key or QR code (pacs.008 `CdtrAcct/Prxy`); absent for MANU. */
  pixKey?: string;
  /**
   * The QR code's txid for the receiver's reconciliation (pacs.008 `RmtInf/Strd/CdtrRefInf/Ref`): a dynamic
   * code's charge txid (26-35 letters and digits), or a static code's 62-05 (up to 25 characters); absent without one.
   */
  txid?: string;
  /** The payer's message to the receiver (pacs.008 `RmtInf/Ustrd`), when the payment has a description. */
  remittanceInformation?: string;
  returnOf?: never;
}

/**
 * A return (devolução, pacs.004) giving back (part of) an earlier payment: the original payment's
 * end-to-end id and the return's reason code (`MD06`/`SL02` for a client's reversal, `FR01` for a special
 * return after an approved MED).
 */
export interface SpiReturnOrder extends SpiOrderParties {
  returnOf: { originalEndToEndId: string; reasonCode: string };
  initiation?: never;
  pixKey?: never;
  txid?: never;
  remittanceInformation?: never;
}

export type SpiOrder = SpiPaymentOrder | SpiReturnOrder;

/**
 * The job the sandbox scheme queues on the settlement queue when it sends a settled payment back (an `x.94`
 * amount). The cash-out module handles it, and plays a return only when `SpiGateway.returned` says so.
 */
export const SANDBOX_RETURN_JOB = 'sandbox.cash_out.return';

export type SpiResult = { outcome: 'settled' } | { outcome: 'rejected'; code: string; message: string };

/** What the SPI knows of an order: its final outcome, or nothing (never received, or not decided yet). */
export type SpiOrderStatus = SpiResult | { outcome: 'unknown' };

/** The scheme did not answer in time; the same order may be sent again (SPI dedupes by end-to-end id). */
export class TransientSpiError extends Error {}

/**
 * Port to the instant payment system (SPI). `send` must be idempotent per end-to-end id: sending an
 * order again returns the first outcome and moves no money twice.
 */
export abstract class SpiGateway {
  abstract send(order: SpiOrder): Promise<SpiResult>;
  /** The order's outcome by end-to-end id, asked before giving up on a timed-out send (never moves money). */
  abstract status(endToEndId: string): Promise<SpiOrderStatus>;

  /**
   * Whether the scheme sent this settled order back (the receiving bank's return). A return is played only
   * when this says so: a queued job asking for one is a hint, never an authority.
   */
  abstract returned(endToEndId: string): Promise<boolean>;
}

/** `call`, or a TransientSpiError when it has not answered within `ms` (SPI_TIMEOUT_MS): no answer in time is a timeout. */
export async function withSpiTimeout<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransientSpiError(`SPI did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
