import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { InstitutionRefundCode } from '../../../shared/domain/refund-code.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { payerCounterparty } from '../../participants/application/payer-counterparty.js';
import type { SpiResult } from '../../spi/application/spi-gateway.js';
import { SpiSettlement, type SettlementSubject, type Settling } from '../../spi/application/spi-settlement.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { MedRequestRepository } from './med-request.repository.js';
import { MedRequestStore } from './med-request-store.js';

/** The reason code of a special return after an approved MED (fraud): the institution's own code, never a client's. */
export const MED_RETURN_REASON_CODE: InstitutionRefundCode = 'FR01'; // docs/adr/0218-refund-codes-clients-may-send.md

const SWEEP_BATCH = 100;

/**
 * Sends an approved MED's return to a payer at another institution through the SPI port, as a return of
 * the original payment (its end-to-end id, reason `FR01`), as the MED's side of the settlement protocol
 * (`SpiSettlement`, docs/adr/0068-one-settlement-protocol.md): step 1 reads the request (its return already
 * `processing`, the funds blocked, since the approval); step 3, with the request row-locked and still
 * `processing`, records `completed` (the blocked funds captured: they left for the payer's institution) or
 * `failed` (released to the receiver, and that part of the payment counted as refundable again).
 */
@Injectable()
export class SettleMedReturnUseCase implements SettlementSubject<string> {
  private readonly logger = new Logger(SettleMedReturnUseCase.name);

  constructor(
    private readonly meds: MedRequestRepository,
    private readonly store: MedRequestStore,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly settlement: SpiSettlement,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName' | 'reconcileAfterMs'>,
  ) {}

  execute(medId: string, lastAttempt: boolean): Promise<void> {
    return this.settlement.settle(this, medId, lastAttempt);
  }

  /** The sweep's entry for one request: the SPI is asked first, and the return is sent again only when it has no outcome. */
  reconcile(medId: string): Promise<void> {
    return this.settlement.reconcile(this, medId);
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
  begin(medId: string): Promise<Settling<string> | null> {
    return this.uow.run(async () => {
      const med = await this.meds.lock(medId);
      if (!med || !med.isReturnProcessing()) return null;
      const m = med.snapshot;
      if (!m.returnEndToEndId || !m.returnAmount) throw new Error(`MED ${medId} is returning without a return`);
      const own = await this.accounts.ownAccount(m.clientId, m.accountId);
      const paid = await this.transactions.partiesOf(m.transactionId);
      return {
        payment: medId,
        order: {
          endToEndId: m.returnEndToEndId,
          amount: m.returnAmount,
          payer: ownAccountParty(own, this.participants, this.config),
          receiver: payerCounterparty(paid?.payer ?? null, m.endToEndId, this.participants),
          returnOf: { originalEndToEndId: m.endToEndId, reasonCode: MED_RETURN_REASON_CODE },
        },
      };
    });
  }

  finish({ payment: medId }: Settling<string>, result: SpiResult): Promise<void> {
    return this.uow.run(async () => {
      const med = await this.meds.lock(medId);
      if (!med || !med.isReturnProcessing()) return; // another worker finished it
      const now = this.clock.now();
      const m = med.snapshot;
      const amount = m.returnAmount!;
      const returnId = m.returnTransactionId!;
      if (result.outcome === 'settled') {
        med.finishReturn({ status: 'completed' }, now);
        await this.ledger.post({
          transactionId: returnId,
          description: 'MED return sent to the payer institution',
          lines: [{ accountId: m.accountId, operation: 'capture', amount }],
        });
      } else {
        med.finishReturn({ status: 'failed', failure: { code: result.code, message: result.message } }, now);
        await this.ledger.post({
          transactionId: returnId,
          description: 'MED return refused by the SPI: funds released',
          lines: [{ accountId: m.accountId, operation: 'unblock', amount }],
        });
      }
      // The balance first, then the request and its `med_return` line (which follows it, failure included).
      await this.store.save(med);
      if (result.outcome !== 'settled') {
        // A failed return gave nothing back: that part of the payment is refundable again.
        await this.transactions.addRefunded(m.transactionId, amount.negated());
        this.logger.warn({ medId, code: result.code }, 'MED return refused by the SPI');
      }
      this.logger.log({ medId, outcome: result.outcome }, 'MED return settled');
    });
  }
}
