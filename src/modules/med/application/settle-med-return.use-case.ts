import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { sendOrAskSpi, SpiGateway, withSpiTimeout, type SpiOrder, type SpiResult } from '../../cash-out/application/spi-gateway.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { payerCounterparty } from '../../participants/application/payer-counterparty.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { MedRequestRepository } from './med-request.repository.js';

/** The reason code of a special return after an approved MED (fraud): the institution's own code, never a client's. */
export const MED_RETURN_REASON_CODE = 'FR01';

const SWEEP_BATCH = 100;

/**
 * Sends an approved MED's return to a payer at another institution through the SPI port, as a return of
 * the original payment (its end-to-end id, reason `FR01`), in the cash-out's three steps: the request
 * read (its return `processing`, the funds blocked); the SPI call outside any transaction (idempotent per
 * the return's end-to-end id); then, with the request row-locked and still `processing`, `completed` (the
 * blocked funds captured: they left for the payer's institution) or `failed` (released to the receiver,
 * and that part of the payment counted as refundable again). A timeout on the last try asks the SPI for
 * the order; without an answer the return stays `processing` for the reconciliation sweep. Job and sweep
 * are hints: every step re-reads the request, so a repeated job or a second sweeper moves nothing twice.
 */
@Injectable()
export class SettleMedReturnUseCase {
  private readonly logger = new Logger(SettleMedReturnUseCase.name);

  constructor(
    private readonly meds: MedRequestRepository,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly spi: SpiGateway,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(medId: string, lastAttempt: boolean): Promise<void> {
    const order = await this.order(medId);
    if (!order) return;
    await this.finish(medId, await sendOrAskSpi(this.spi, order, lastAttempt, this.config.spiTimeoutMs));
  }

  /** The sweep's entry for one request: the SPI is asked first, and the return is sent again only when it has no outcome. */
  async reconcile(medId: string): Promise<void> {
    const order = await this.order(medId);
    if (!order) return;
    const known = await this.timed(this.spi.status(order.endToEndId));
    if (known.outcome !== 'unknown') return this.finish(medId, known);
    return this.execute(medId, true);
  }

  /** Returns still `processing` RECONCILE_AFTER_MS after their approval (their job lost or given up), each settled; how many. */
  async reconcileDue(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.reconcileAfterMs);
    const ids = await this.meds.returnsUnfinishedBefore(before, SWEEP_BATCH);
    for (const id of ids) {
      await this.reconcile(id).catch((err: unknown) => this.logger.warn({ err, medId: id }, 'MED return still unfinished'));
    }
    return ids.length;
  }

  /** The return order of a request whose return is on its way, or null (on-us, nothing to return, or already settled). */
  private order(medId: string): Promise<SpiOrder | null> {
    return this.uow.run(async () => {
      const med = await this.meds.lock(medId);
      if (!med || !med.isReturnProcessing()) return null;
      const m = med.snapshot;
      if (!m.returnEndToEndId || !m.returnAmount) throw new Error(`MED ${medId} is returning without a return`);
      const own = await this.accounts.ownAccount(m.clientId, m.accountId);
      const paid = await this.transactions.partiesOf(m.transactionId);
      return {
        endToEndId: m.returnEndToEndId,
        amount: m.returnAmount,
        payer: ownAccountParty(own, this.participants, this.config),
        receiver: payerCounterparty(paid?.payer ?? null, m.endToEndId, this.participants),
        returnOf: { originalEndToEndId: m.endToEndId, reasonCode: MED_RETURN_REASON_CODE },
      };
    });
  }

  private finish(medId: string, result: SpiResult): Promise<void> {
    return this.uow.run(async () => {
      const med = await this.meds.lock(medId);
      if (!med || !med.isReturnProcessing()) return; // another worker finished it
      const now = this.clock.now();
      const m = med.snapshot;
      const amount = m.returnAmount!;
      const returnId = m.returnTransactionId!;
      if (result.outcome === 'settled') {
        med.finishReturn('completed', now);
        await this.ledger.post({
          transactionId: returnId,
          description: 'MED return sent to the payer institution',
          lines: [{ accountId: m.accountId, operation: 'capture', amount }],
        });
        await this.transactions.followPayment(returnId, { status: 'completed', at: now });
      } else {
        med.finishReturn('failed', now);
        await this.ledger.post({
          transactionId: returnId,
          description: 'MED return refused by the SPI: funds released',
          lines: [{ accountId: m.accountId, operation: 'unblock', amount }],
        });
        await this.transactions.followPayment(returnId, {
          status: 'failed',
          at: now,
          failure: { code: result.code, message: result.message },
        });
        // A failed return gave nothing back: that part of the payment is refundable again.
        await this.transactions.addRefunded(m.transactionId, amount.negated());
        this.logger.warn({ medId, code: result.code }, 'MED return refused by the SPI');
      }
      await this.meds.update(med);
      this.logger.log({ medId, outcome: result.outcome }, 'MED return settled');
    });
  }

  private timed<T>(call: Promise<T>): Promise<T> {
    return withSpiTimeout(call, this.config.spiTimeoutMs);
  }
}
