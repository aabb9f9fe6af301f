import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { Batcher } from '../../../shared/async/batcher.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { CashInCredits } from '../../cash-in/application/cash-in-credits.js';
import { ChargePayments, isChargePaymentRefusal } from '../../cash-in/application/charge-payments.js';
import { LedgerService, type Movement } from '../../ledger/application/ledger.service.js';
import { TransactionsService, type NewPayment } from '../../transactions/application/transactions.service.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';
import { CashOutStore } from './cash-out-store.js';
import { payerAsSeenByReceiver, partyRecord } from '../../../shared/domain/counterparty.js';
import type { SpiPaymentOrder, SpiResult } from '../../spi/application/spi-gateway.js';
import { SpiSettlement, type SettlementSubject, type Settling, type UnsettledTry } from '../../spi/application/spi-settlement.js';
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

/** What a settlement step recorded for one payment: its terminal state, or null when another run had. */
type Recorded = { status: 'completed' | 'failed'; code?: string } | null;

/**
 * How many payments one step's transaction serves at most, and how many such transactions of a step run
 * at once per process (docs/adr/0085-settlement-in-batches.md).
 */
export const SETTLEMENT_BATCH = 32;
export const SETTLEMENT_BATCHES_IN_FLIGHT = 2;

/**
 * A failed batch's payments, each in its own transaction, one after another: after a deadlock they do not
 * meet again, and each answers its own outcome.
 */
async function oneByOne<T, R>(items: T[], step: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = [];
  for (const item of items) {
    try {
      outcomes.push({ status: 'fulfilled', value: await step(item) });
    } catch (reason) {
      outcomes.push({ status: 'rejected', reason });
    }
  }
  return outcomes;
}

/** A rejection code as a label value: an ISO 20022 reason (4 letters and digits), anything else `other`. */
const codeLabel = (code: string) => (/^[A-Z0-9]{4}$/.test(code) ? code : 'other');

/**
 * The cash-out's side of the settlement protocol (`SpiSettlement`, docs/adr/0068-one-settlement-protocol.md),
 * which drives one cash-out to a terminal state. Step 1 (own transaction): queued -> processing. Step 2, the
 * protocol's: the SPI call, outside any transaction (idempotent per end-to-end id; none for an on-us payment).
 * Step 3 (own transaction, row-locked): completed (capture; on-us also credits the recipient) or failed (release).
 * A rerun after a crash repeats only what has not committed, so money moves exactly once.
 *
 * Steps 1 and 3 are batched across the payments this process is settling at once: the payments that
 * reach a step while its transactions are busy go through it together, in one transaction (Batcher), so
 * under load one BEGIN, one lock statement and one COMMIT serve up to SETTLEMENT_BATCH payments. Each
 * payment keeps its own outcome. A batch's transaction that fails is run again one payment at a time, so
 * one bad row never holds the others back; each step re-reads its rows under lock, so a payment finished
 * meanwhile is left alone. On-us payments (which credit a recipient or pay a charge) finish one by one.
 */
@Injectable()
export class SettleCashOutUseCase implements SettlementSubject<CashOut> {
  private readonly logger = new Logger(SettleCashOutUseCase.name);
  private readonly outcomes: OutcomeCounter<'outcome' | 'code'>;

  constructor(
    private readonly cashOuts: CashOutRepository,
    private readonly store: CashOutStore,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly settlement: SpiSettlement,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
    private readonly credits: CashInCredits,
    private readonly charges: ChargePayments,
    metrics: Metrics,
  ) {
    this.outcomes = metrics.counter(SETTLEMENT_OUTCOMES);
  }

  private readonly starts = new Batcher<string, CashOut | null>(
    (ids) => this.beginMany(ids),
    SETTLEMENT_BATCH,
    SETTLEMENT_BATCHES_IN_FLIGHT,
  );
  private readonly finishes = new Batcher<{ id: string; result: SpiResult }, Recorded>(
    (items) => this.finishMany(items),
    SETTLEMENT_BATCH,
    SETTLEMENT_BATCHES_IN_FLIGHT,
  );

  /**
   * A job's entry: the settlement protocol (SpiSettlement) over this payment. A timeout is retried; on the
   * `lastAttempt` the SPI is asked for the order's status, and the payment ends only on a definite answer
   * (settled or rejected). Without one it stays `processing` for the reconciliation sweep.
   */
  execute(cashOutId: string, lastAttempt: boolean): Promise<void> {
    return this.settlement.settle(this, cashOutId, lastAttempt);
  }

  /**
   * The sweep's entry for a payment left unfinished (its job lost or given up): the order is looked up by
   * end-to-end id first, and sent again (idempotent at the SPI) only when the SPI has no outcome for it.
   */
  reconcile(cashOutId: string, lastAttempt: boolean): Promise<void> {
    return this.settlement.reconcile(this, cashOutId, lastAttempt);
  }

  /** Step 1, batched with the other payments starting now; an on-us payment has no SPI order. */
  async begin(cashOutId: string): Promise<Settling<CashOut> | null> {
    const cashOut = await this.starts.submit(cashOutId);
    if (!cashOut) return null;
    return { payment: cashOut, order: cashOut.isOnUs ? null : this.order(cashOut) };
  }

  /** Step 3: batched for payments to other institutions; on-us on its own (it credits the recipient too). */
  async finish({ payment }: Settling<CashOut>, result: SpiResult): Promise<void> {
    const id = payment.snapshot.id;
    const recorded = payment.isOnUs ? await this.finishOne(id, result) : await this.finishes.submit({ id, result });
    if (recorded) this.count(recorded.status, recorded.code);
  }

  unsettled(reason: UnsettledTry): void {
    this.count(reason);
  }

  private count(outcome: SettlementOutcome, code = 'none'): void {
    this.outcomes.inc({ outcome, code: outcome === 'failed' ? codeLabel(code) : 'none' });
  }

  /**
   * Step 1 for several payments in one transaction: their rows locked in id order, the `queued` ones moved
   * to `processing` with their transaction rows and events. Each id's answer is its payment in `processing`
   * (null: nothing to settle). If the transaction fails, each payment runs step 1 on its own.
   */
  private async beginMany(ids: string[]): Promise<PromiseSettledResult<CashOut | null>[]> {
    if (ids.length === 1) return Promise.allSettled([this.beginOne(ids[0]!)]);
    try {
      const started = await this.startTogether(ids);
      return ids.map((id) => ({ status: 'fulfilled', value: this.settleable(id, started.get(id)) }));
    } catch (err) {
      this.logger.warn({ payments: ids.length, err }, 'a settlement batch could not start its payments together; starting them one by one');
      return oneByOne(ids, (id) => this.beginOne(id));
    }
  }

  /** The payment when it is `processing`, else null, with the log line a job for it earns. */
  private settleable(id: string, cashOut: CashOut | undefined): CashOut | null {
    if (!cashOut) {
      this.logger.warn({ cashOutId: id }, 'settlement job for a cash-out that does not exist: refused');
      return null;
    }
    if (cashOut.status === 'processing') return cashOut;
    this.logger.log({ cashOutId: id, status: cashOut.status }, 'settlement job for a cash-out already settled: nothing to do');
    return null;
  }

  /**
   * Step 3 for several payments to other institutions in one transaction (finishTogether). Each item's
   * answer is what was recorded for it; counted by the caller, after the commit. A payment whose balance
   * another transaction held runs step 3 on its own once the batch has committed; if the batch's
   * transaction fails, each payment runs step 3 on its own, one after another.
   */
  private async finishMany(items: { id: string; result: SpiResult }[]): Promise<PromiseSettledResult<Recorded>[]> {
    if (items.length === 1) return Promise.allSettled([this.finishOne(items[0]!.id, items[0]!.result)]);
    let together: { recorded: Map<string, Recorded>; busy: Set<string> };
    try {
      together = await this.finishTogether(items);
    } catch (err) {
      this.logger.warn(
        { payments: items.length, err },
        'a settlement batch could not record its outcomes together; recording them one by one',
      );
      return oneByOne(items, (i) => this.finishOne(i.id, i.result));
    }
    // A payment whose balance another transaction held is recorded on its own, now that the batch committed.
    return Promise.allSettled(
      items.map(async (i) => (together.busy.has(i.id) ? this.finishOne(i.id, i.result) : (together.recorded.get(i.id) ?? null))),
    );
  }

  /**
   * The batch's transaction: the payments' rows locked in id order; of their payers' balances, those free
   * now locked without waiting (a batch that waited for each busy balance in turn would hold every balance
   * it had locked meanwhile, and payments being created on those accounts would queue behind it). Payments
   * still `processing` whose balance was free are completed or failed; those whose balance was busy are left
   * untouched and answered as `busy`.
   */
  private finishTogether(items: { id: string; result: SpiResult }[]): Promise<{ recorded: Map<string, Recorded>; busy: Set<string> }> {
    return this.uow.run(async () => {
      const results = new Map(items.map((i) => [i.id, i.result]));
      const rows = (await this.cashOuts.lockMany([...results.keys()])).filter((c) => c.status === 'processing');
      const free = rows.length > 0 ? await this.ledger.lockFree([...new Set(rows.map((c) => c.snapshot.accountId))]) : new Set<string>();
      const now = this.clock.now();
      const recorded = new Map<string, Recorded>();
      const busy = new Set<string>();
      const finished: CashOut[] = [];
      const movements: Movement[] = [];
      for (const cashOut of rows) {
        const c = cashOut.snapshot;
        const result = results.get(c.id);
        if (!result) continue;
        if (cashOut.isOnUs) throw new Error(`on-us cash-out ${c.id} in a settlement batch`);
        if (!free.has(c.accountId)) {
          busy.add(c.id);
          continue;
        }
        const closed = this.close(cashOut, result, now);
        movements.push(closed.movement);
        recorded.set(c.id, closed.recorded);
        finished.push(cashOut);
      }
      if (finished.length > 0) {
        // As in `finishOne`: the balances (already locked) first, then the payments with their transaction rows, and the events.
        await allInOrder([
          this.ledger.postAll(movements),
          Promise.all(finished.map((c) => this.store.save(c))),
          this.outbox.append(finished.flatMap((c) => c.pullEvents())),
        ]);
      }
      return { recorded, busy };
    });
  }

  /** Step 1 for one payment, in its own transaction. */
  private async beginOne(id: string): Promise<CashOut | null> {
    return this.settleable(id, (await this.startTogether([id])).get(id));
  }

  /**
   * Locks the payments' rows (in id order) and moves the `queued` ones to `processing`, with their
   * transaction rows and events, in one transaction; answers every row found, whatever its status.
   */
  private startTogether(ids: string[]): Promise<Map<string, CashOut>> {
    return this.uow.run(async () => {
      // A job is a hint, never an authority: the row decides whether there is anything to settle.
      const rows = await this.cashOuts.lockMany(ids);
      const queued = rows.filter((c) => c.status === 'queued');
      const now = this.clock.now();
      for (const cashOut of queued) cashOut.startProcessing(now);
      if (queued.length > 0) {
        // Started together: one round trip (allInOrder), in the order step 1 of one payment sends them.
        await allInOrder([Promise.all(queued.map((c) => this.store.save(c))), this.outbox.append(queued.flatMap((c) => c.pullEvents()))]);
      }
      return new Map(rows.map((c) => [c.snapshot.id, c]));
    });
  }

  /** The terminal state this run recorded (null: another run had recorded one). */
  private finishOne(id: string, result: SpiResult): Promise<Recorded> {
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
      const closed = this.close(cashOut, outcome, now);
      const movements = onUs && outcome.outcome === 'settled' ? [closed.movement, onUs.movement] : [closed.movement];
      // Started together, so the statements share round trips, and sent in this order: the balances' lock
      // first, then the payment with its transaction row (and with it the usage counters), the order creation takes.
      await allInOrder([
        this.ledger.postAll(movements),
        this.store.save(cashOut),
        this.outbox.append(cashOut.pullEvents()),
        onUs ? onUs.record() : Promise.resolve(),
      ]);
      return closed.recorded;
    });
  }

  /** Completes (capturing the hold) or fails (releasing it) a payment in `processing`, by the SPI's outcome. */
  private close(cashOut: CashOut, result: SpiResult, now: Date): { movement: Movement; recorded: NonNullable<Recorded> } {
    const c = cashOut.snapshot;
    if (result.outcome === 'settled') {
      cashOut.complete(now);
      return {
        movement: {
          transactionId: c.id,
          description: 'cash-out completed',
          lines: [{ accountId: c.accountId, operation: 'capture', amount: c.amount }],
        },
        recorded: { status: 'completed' },
      };
    }
    cashOut.fail(result.code, result.message, now);
    return {
      movement: {
        transactionId: c.id,
        description: 'cash-out failed',
        lines: [{ accountId: c.accountId, operation: 'release', amount: c.amount }],
      },
      recorded: { status: 'failed', code: result.code },
    };
  }

  /** On-us to a charge of this service: the charge's own `cash_in` completes (refused if it cannot be paid). */
  private async payCharge(cashOut: CashOut, chargeId: string, now: Date): Promise<OnUsCredit> {
    const c = cashOut.snapshot;
    const received = await this.charges.receive({
      chargeId,
      amount: c.amount,
      endToEndId: c.endToEndId,
      // The merchant sees who paid, but not the payer's full document or account number.
      payer: partyRecord(payerAsSeenByReceiver(c.payer)),
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
    const id = randomUUID();
    // The recipient sees who paid (our institution), but not the payer's full document or account number.
    const payer = partyRecord(payerAsSeenByReceiver(c.payer));
    const credit = await this.credits.price({
      transactionId: id,
      clientId: internal.clientId,
      accountId: internal.accountId,
      amount: c.amount,
      endToEndId: c.endToEndId,
      description: 'on-us cash-in',
      // A static QR code's txid, which the receiver reconciles by (docs/adr/0213-static-codes-for-own-keys.md); a
      // charge's is attached only by that charge's own payment (payCharge), so CashInCredits drops it here
      // (docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md).
      txid: c.txid,
      pixKey: c.pixKey,
      payer,
    });
    const row: NewPayment = {
      id,
      clientId: internal.clientId,
      accountId: internal.accountId,
      type: 'cash_in',
      status: 'completed',
      amount: c.amount,
      fee: credit.fee,
      pixKey: c.pixKey,
      pixKeyType: c.pixKeyType,
      endToEndId: c.endToEndId,
      payer,
      receiver: partyRecord(c.receiver),
      // The payer's message is shown to the recipient (docs/adr/0213-static-codes-for-own-keys.md).
      description: c.description,
      // The txid the credit carries, as its cash_in.completed does.
      txid: credit.txid,
      at: now,
    };
    return {
      movement: credit.movement,
      record: async () => {
        await this.transactions.recordPayment(row);
        await this.outbox.append([credit.event]);
      },
    };
  }

  /**
   * The payment's pacs.008, as far as the SPI port carries it: how it was initiated, the receiver's key when
   * paid by key or QR code, the QR code's txid, and the payer's description as remittance information
   * (docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md).
   */
  private order(cashOut: CashOut): SpiPaymentOrder {
    const c = cashOut.snapshot;
    return {
      endToEndId: c.endToEndId,
      amount: c.amount,
      payer: c.payer,
      receiver: c.receiver,
      initiation: c.initiation,
      ...(c.pixKey && c.initiation !== 'MANU' ? { pixKey: c.pixKey } : {}),
      ...(c.txid ? { txid: c.txid } : {}),
      ...(c.description ? { remittanceInformation: c.description } : {}),
    };
  }
}
