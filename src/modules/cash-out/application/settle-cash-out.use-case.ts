import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { cashInCompleted } from '../../../shared/domain/events/cash-in.events.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { ChargePayments, isChargePaymentRefusal } from '../../cash-in/application/charge-payments.js';
import { FeePolicy } from '../../fees/application/fee-policy.js';
import { LedgerService, type Movement } from '../../ledger/application/ledger.service.js';
import { TransactionsService, type NewPayment } from '../../transactions/application/transactions.service.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';
import { maskedParty, partyRecord } from '../../../shared/domain/counterparty.js';
import { SpiGateway, TransientSpiError, withSpiTimeout, type SpiResult } from './spi-gateway.js';
import { Clock } from '../../../shared/time/clock.js';
import { Metrics, type OutcomeCounter } from '../../../shared/metrics/metrics.js';

/** The recipient's side of an on-us payment: its ledger credit, and then its `cash_in` and event. */
interface OnUsCredit {
  movement: Movement;
  /** Writes the recipient's transaction and event: after the balances, the house lock order. */
  record(): Promise<void>;
}

/**
 * The error code of an on-us payment the receiving side refused (the charge it pays was paid, cancelled or
 * expired meanwhile, or asks another amount today): ISO 20022 AG03, "transaction type not supported".
 */
export const CHARGE_REFUSED = 'AG03';

/**
 * `settlement_outcomes_total{outcome, code}`, per process: `completed` and `failed` (code: the ISO 20022
 * reason) once per payment, counted after the commit that recorded them; `requeued` (an SPI timeout,
 * tried again) and `unresolved` (no definite answer on the last try: left for the reconciliation sweep)
 * once per try. Code `none` but for `failed`.
 */
export type SettlementOutcome = 'completed' | 'failed' | 'requeued' | 'unresolved';
export const SETTLEMENT_OUTCOMES = {
  name: 'settlement_outcomes_total',
  help: 'Cash-out settlement outcomes by ISO 20022 code',
  labelNames: ['outcome', 'code'],
} as const;

/** A rejection code as a label value: an ISO 20022 reason (4 letters and digits), anything else `other`. */
const codeLabel = (code: string) => (/^[A-Z0-9]{4}$/.test(code) ? code : 'other');

/**
 * Drives one cash-out to a terminal state. Step 1 (own transaction): queued -> processing. Step 2:
 * the SPI call, outside any transaction (idempotent per end-to-end id). Step 3 (own transaction,
 * row-locked): completed (capture; on-us also credits the recipient) or failed (release). A rerun
 * after a crash repeats only what has not committed, so money moves exactly once.
 */
@Injectable()
export class SettleCashOutUseCase {
  private readonly logger = new Logger(SettleCashOutUseCase.name);
  private readonly outcomes: OutcomeCounter<'outcome' | 'code'>;

  constructor(
    private readonly cashOuts: CashOutRepository,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly spi: SpiGateway,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fees: FeePolicy,
    private readonly charges: ChargePayments,
    metrics: Metrics,
  ) {
    this.outcomes = metrics.counter(SETTLEMENT_OUTCOMES);
  }

  /**
   * Sends the payment to the SPI and records the outcome. A timeout is retried; on the `lastAttempt` the
   * SPI is asked for the order's status, and the payment ends only on a definite answer (settled or
   * rejected). Without one it stays `processing` for the reconciliation sweep: a timeout is not a failure.
   */
  async execute(cashOutId: string, lastAttempt: boolean): Promise<void> {
    const cashOut = await this.begin(cashOutId);
    if (!cashOut) return;
    let result: SpiResult;
    try {
      result = cashOut.isOnUs ? { outcome: 'settled' } : await this.send(cashOut);
    } catch (err) {
      if (!(err instanceof TransientSpiError)) throw err;
      if (!lastAttempt) {
        this.count('requeued');
        throw err;
      }
      result = await this.definiteStatus(cashOut);
      this.logger.warn({ cashOutId, outcome: result.outcome }, 'SPI send timed out on the last attempt; the status query decided');
    }
    await this.finishAndCount(cashOutId, result);
  }

  /**
   * The sweep's entry for a payment left unfinished (its job lost or given up): the order is looked up by
   * end-to-end id first, and sent again (idempotent at the SPI) only when the SPI has no outcome for it.
   */
  async reconcile(cashOutId: string, lastAttempt: boolean): Promise<void> {
    const cashOut = await this.begin(cashOutId);
    if (!cashOut) return;
    if (!cashOut.isOnUs) {
      const known = await this.timed(this.spi.status(cashOut.snapshot.endToEndId));
      if (known.outcome !== 'unknown') return this.finishAndCount(cashOutId, known);
    }
    return this.execute(cashOutId, lastAttempt);
  }

  /** The SPI's definite outcome for a timed-out order, or an error that leaves the payment for the sweep. */
  private async definiteStatus(cashOut: CashOut): Promise<SpiResult> {
    try {
      const known = await this.timed(this.spi.status(cashOut.snapshot.endToEndId));
      if (known.outcome === 'unknown') {
        throw new TransientSpiError(`SPI has no outcome for ${cashOut.snapshot.endToEndId} yet; left for reconciliation`);
      }
      return known;
    } catch (err) {
      if (err instanceof TransientSpiError) this.count('unresolved');
      throw err;
    }
  }

  /** Records the outcome; counts it only once committed, and only by the run that recorded it. */
  private async finishAndCount(id: string, result: SpiResult): Promise<void> {
    const recorded = await this.finish(id, result);
    if (recorded) this.count(recorded.status, recorded.code);
  }

  private count(outcome: SettlementOutcome, code = 'none'): void {
    this.outcomes.inc({ outcome, code: outcome === 'failed' ? codeLabel(code) : 'none' });
  }

  private begin(id: string): Promise<CashOut | null> {
    return this.uow.run(async () => {
      // A job is a hint, never an authority: the row decides whether there is anything to settle.
      const cashOut = await this.cashOuts.lock(id);
      if (!cashOut) {
        this.logger.warn({ cashOutId: id }, 'settlement job for a cash-out that does not exist: refused');
        return null;
      }
      if (cashOut.status === 'queued') {
        cashOut.startProcessing(this.clock.now());
        // Started together: one round trip (allInOrder).
        await allInOrder([this.syncTransaction(cashOut), this.cashOuts.update(cashOut), this.outbox.append(cashOut.pullEvents())]);
      }
      if (cashOut.status === 'processing') return cashOut;
      this.logger.log({ cashOutId: id, status: cashOut.status }, 'settlement job for a cash-out already settled: nothing to do');
      return null;
    });
  }

  /** The terminal state this run recorded (null: another run had recorded one). */
  private finish(id: string, result: SpiResult): Promise<{ status: 'completed' | 'failed'; code?: string } | null> {
    return this.uow.run(async () => {
      const cashOut = await this.cashOuts.lock(id);
      if (!cashOut || cashOut.status !== 'processing') return null; // another worker finished it
      const now = this.clock.now();
      const c = cashOut.snapshot;
      let outcome = result;
      let onUs: OnUsCredit | null = null;
      if (outcome.outcome === 'settled' && c.receiver.internal) {
        try {
          onUs = c.chargeId ? await this.payCharge(cashOut, c.chargeId, now) : await this.creditRecipient(cashOut, now);
        } catch (err) {
          if (!isChargePaymentRefusal(err)) throw err;
          // The receiving side refuses: the charge was paid, cancelled or expired after the payer decoded it.
          outcome = { outcome: 'rejected', code: CHARGE_REFUSED, message: err.message };
        }
      }
      const movements: Movement[] = [];
      if (outcome.outcome === 'settled') {
        cashOut.complete(now);
        movements.push({
          transactionId: c.id,
          description: 'cash-out completed',
          lines: [{ accountId: c.accountId, operation: 'capture', amount: c.amount }],
        });
        if (onUs) movements.push(onUs.movement);
      } else {
        cashOut.fail(outcome.code, outcome.message, now);
        movements.push({
          transactionId: c.id,
          description: 'cash-out failed',
          lines: [{ accountId: c.accountId, operation: 'release', amount: c.amount }],
        });
      }
      // Started together, so the statements share round trips, and sent in this order: the balances' lock
      // first, then the transaction rows (and with them the usage counters), the order creation takes.
      await allInOrder([
        this.ledger.postAll(movements),
        this.syncTransaction(cashOut),
        this.outbox.append(cashOut.pullEvents()),
        onUs ? onUs.record() : Promise.resolve(),
        this.cashOuts.update(cashOut),
      ]);
      return outcome.outcome === 'settled' ? { status: 'completed' as const } : { status: 'failed' as const, code: outcome.code };
    });
  }

  /** On-us to a charge of this service: the charge's own `cash_in` completes (refused if it cannot be paid). */
  private async payCharge(cashOut: CashOut, chargeId: string, now: Date): Promise<OnUsCredit> {
    const c = cashOut.snapshot;
    const received = await this.charges.receive({
      chargeId,
      amount: c.amount,
      endToEndId: c.endToEndId,
      // The merchant sees who paid, but not the payer's full document or account number.
      payer: partyRecord(maskedParty(c.payer, { account: true })),
      // The payer's amount was fixed when the payment was accepted (a due-date charge's amount of that day).
      pricedAt: c.createdAt,
      at: now,
    });
    return { movement: received.movement, record: received.record };
  }

  /** On-us: the recipient sees a completed `cash_in` with the same end-to-end id, less its inbound fee. */
  private async creditRecipient(cashOut: CashOut, now: Date): Promise<OnUsCredit> {
    const c = cashOut.snapshot;
    const internal = c.receiver.internal!;
    const fee = await this.fees.feeFor(internal.clientId, 'cash_in', c.amount);
    const credit: NewPayment = {
      id: randomUUID(),
      clientId: internal.clientId,
      accountId: internal.accountId,
      type: 'cash_in',
      status: 'completed',
      amount: c.amount,
      fee,
      pixKey: c.pixKey,
      pixKeyType: c.pixKeyType,
      endToEndId: c.endToEndId,
      // The recipient sees who paid, but not the payer's full document or account number.
      payer: partyRecord(maskedParty(c.payer, { account: true })),
      receiver: partyRecord(c.receiver),
      at: now,
    };
    const event = cashInCompleted({
      transactionId: credit.id,
      clientId: internal.clientId,
      accountId: internal.accountId,
      endToEndId: c.endToEndId,
      amount: c.amount,
      fee,
      pspIspb: this.config.pspIspb,
    });
    const movement: Movement = {
      transactionId: credit.id,
      description: 'on-us cash-in',
      lines: [
        { accountId: internal.accountId, operation: 'credit', amount: c.amount },
        ...(fee.isPositive() ? [{ accountId: internal.accountId, operation: 'fee' as const, amount: fee }] : []),
      ],
    };
    return {
      movement,
      record: async () => {
        await this.transactions.recordPayment(credit);
        await this.outbox.append([event]);
      },
    };
  }

  private syncTransaction(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    return this.transactions.followPayment(c.id, {
      status: c.status,
      at: c.updatedAt,
      failure: c.errorCode ? { code: c.errorCode, message: c.errorMessage ?? '' } : null,
    });
  }

  /** The SPI call, cut off after SPI_TIMEOUT_MS: no answer in time is a timeout, retried like one. */
  private send(cashOut: CashOut): Promise<SpiResult> {
    return this.timed(this.spi.send(this.order(cashOut)));
  }

  private order(cashOut: CashOut) {
    const c = cashOut.snapshot;
    return { endToEndId: c.endToEndId, amount: c.amount, payer: c.payer, receiver: c.receiver };
  }

  private timed<T>(call: Promise<T>): Promise<T> {
    return withSpiTimeout(call, this.config.spiTimeoutMs);
  }
}
