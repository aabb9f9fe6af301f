import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { SpiGateway, TransientSpiError, withSpiTimeout, type SpiOrder, type SpiResult } from './spi-gateway.js';

/** A payment that step 1 found to settle: the kind's own record of it, and the order for the SPI (null: on-us, settled without it). */
export interface Settling<P> {
  payment: P;
  order: SpiOrder | null;
}

/** What the protocol tells a kind about a try that ended without an outcome (for its metrics). */
export type UnsettledTry = 'requeued' | 'unresolved';

/**
 * Port: one kind of outgoing payment that the SPI settles (a cash-out, a reversal, a MED return). Each kind
 * implements it over its own rows; the protocol (`SpiSettlement`) drives the steps. Neither step trusts the
 * job that asked: each re-reads the payment under its row lock and acts only from the state it expects, so
 * a repeated job, a second worker or the sweep moves no money twice.
 */
export interface SettlementSubject<P> {
  /**
   * Step 1, in its own transaction: the payment moved to `processing` if it was waiting. What to settle,
   * or null when there is nothing to (unknown, or already finished).
   */
  begin(id: string): Promise<Settling<P> | null>;
  /**
   * Step 3, in its own transaction, under the payment's row lock: the outcome recorded (completed: the
   * hold captured; failed: released), unless another run recorded one first.
   */
  finish(settling: Settling<P>, result: SpiResult): Promise<void>;
  /** A try that ended without an outcome; for metrics. */
  unsettled?(reason: UnsettledTry): void;
}

/** The outcome of a payment that never leaves this institution. */
const ON_US: SpiResult = { outcome: 'settled' };

/**
 * The one settlement protocol of every outgoing payment (docs/adr/0068-one-settlement-protocol.md):
 * step 1 (`begin`), the SPI call outside any transaction (idempotent per end-to-end id), step 3 (`finish`).
 * A timeout is thrown for the job to retry, except on its last attempt: then the SPI is asked for the
 * order's outcome, and only a definite one is recorded; without one the payment stays `processing`, its
 * money held, for the reconciliation sweep. A timeout is never a failure.
 */
@Injectable()
export class SpiSettlement {
  private readonly logger = new Logger(SpiSettlement.name);

  constructor(
    private readonly spi: SpiGateway,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'spiTimeoutMs'>,
  ) {}

  /** A job's entry: steps 1 to 3. */
  async settle<P>(subject: SettlementSubject<P>, id: string, lastAttempt: boolean): Promise<void> {
    const settling = await subject.begin(id);
    if (!settling) return;
    await subject.finish(settling, await this.outcome(subject, settling, lastAttempt));
  }

  /**
   * The sweep's entry, for a payment left unfinished (its job lost or given up): the SPI is asked for the
   * order first, and the order is sent again (idempotent at the SPI) only when the SPI has no outcome for it.
   */
  async reconcile<P>(subject: SettlementSubject<P>, id: string, lastAttempt = true): Promise<void> {
    const settling = await subject.begin(id);
    if (!settling) return;
    if (settling.order) {
      const known = await this.timed(this.spi.status(settling.order.endToEndId));
      if (known.outcome !== 'unknown') return subject.finish(settling, known);
    }
    await subject.finish(settling, await this.outcome(subject, settling, lastAttempt));
  }

  private async outcome<P>(subject: SettlementSubject<P>, settling: Settling<P>, lastAttempt: boolean): Promise<SpiResult> {
    const order = settling.order;
    if (!order) return ON_US;
    try {
      return await this.timed(this.spi.send(order));
    } catch (err) {
      if (!(err instanceof TransientSpiError)) throw err;
      if (!lastAttempt) {
        subject.unsettled?.('requeued');
        throw err;
      }
      const result = await this.definiteStatus(subject, order);
      this.logger.warn(
        { endToEndId: order.endToEndId, outcome: result.outcome },
        'SPI send timed out on the last attempt; the status query decided',
      );
      return result;
    }
  }

  /** The SPI's definite outcome for a timed-out order, or an error that leaves the payment for the sweep. */
  private async definiteStatus<P>(subject: SettlementSubject<P>, order: SpiOrder): Promise<SpiResult> {
    try {
      const known = await this.timed(this.spi.status(order.endToEndId));
      if (known.outcome === 'unknown')
        throw new TransientSpiError(`SPI has no outcome for ${order.endToEndId} yet; left for reconciliation`);
      return known;
    } catch (err) {
      if (err instanceof TransientSpiError) subject.unsettled?.('unresolved');
      throw err;
    }
  }

  /** An SPI call cut off after SPI_TIMEOUT_MS: no answer in time is a timeout. */
  private timed<T>(call: Promise<T>): Promise<T> {
    return withSpiTimeout(call, this.config.spiTimeoutMs);
  }
}
