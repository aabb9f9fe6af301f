import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { Money } from '../../../shared/money/money.js';

export interface SpiOrder {
  endToEndId: string;
  amount: Money;
  payer: Counterparty;
  receiver: Counterparty;
  /** Set when the order pays a dynamic QR's charge: its txid (26-35 letters and digits), for the receiver's reconciliation. */
  txid?: string;
  /**
   * Set when the order gives back (part of) an earlier payment, a return (devolução): the original
   * payment's end-to-end id and the return's reason code (`MD06`/`SL02` for a client's reversal, `FR01`
   * for a special return after an approved MED).
   */
  returnOf?: { originalEndToEndId: string; reasonCode: string };
}

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
