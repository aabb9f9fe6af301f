import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import type { SpiResult } from '../../spi/application/spi-gateway.js';
import { SpiSettlement, type SettlementSubject, type Settling } from '../../spi/application/spi-settlement.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { Reversal } from '../domain/reversal.aggregate.js';
import { ReversalRepository } from './reversal.repository.js';
import { ReversalStore } from './reversal-store.js';

/**
 * A reversal's side of the settlement protocol (`SpiSettlement`, docs/adr/0068-one-settlement-protocol.md):
 * step 1 moves it queued -> processing; step 3, row-locked, records completed (the hold captured) or failed
 * (the hold released and the amount counted as reversable again). The return goes out as a return of the
 * original payment (its end-to-end id and the reversal's refund code).
 */
@Injectable()
export class SettleReversalUseCase implements SettlementSubject<Reversal> {
  private readonly logger = new Logger(SettleReversalUseCase.name);

  constructor(
    private readonly reversals: ReversalRepository,
    private readonly store: ReversalStore,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly settlement: SpiSettlement,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  execute(id: string, lastAttempt: boolean): Promise<void> {
    return this.settlement.settle(this, id, lastAttempt);
  }

  /** The sweep's entry: the SPI is asked first, and the return is sent again only when it has no outcome. */
  reconcile(id: string): Promise<void> {
    return this.settlement.reconcile(this, id);
  }

  async begin(id: string): Promise<Settling<Reversal> | null> {
    const reversal = await this.uow.run(async () => {
      const reversal = await this.reversals.lock(id);
      if (!reversal) return null;
      if (reversal.status === 'queued') {
        reversal.startProcessing(this.clock.now());
        await this.store.save(reversal);
      }
      return reversal.status === 'processing' ? reversal : null;
    });
    if (!reversal) return null;
    const r = reversal.snapshot;
    const own = await this.accounts.ownAccount(r.clientId, r.accountId);
    return {
      payment: reversal,
      order: {
        endToEndId: r.refundEndToEndId,
        amount: r.amount,
        payer: ownAccountParty(own, this.participants, this.config),
        receiver: r.payee,
        returnOf: { originalEndToEndId: r.originalEndToEndId, reasonCode: r.refundCode },
      },
    };
  }

  finish(settling: Settling<Reversal>, result: SpiResult): Promise<void> {
    const id = settling.payment.snapshot.id;
    return this.uow.run(async () => {
      const reversal = await this.reversals.lock(id);
      if (!reversal || reversal.status !== 'processing') return; // another worker finished it
      const now = this.clock.now();
      const r = reversal.snapshot;
      if (result.outcome === 'settled') {
        reversal.complete(now);
        await this.ledger.post({
          transactionId: id,
          description: 'reversal completed',
          lines: [{ accountId: r.accountId, operation: 'capture', amount: r.amount }],
        });
      } else {
        reversal.fail(result.code, result.message, now);
        await this.ledger.post({
          transactionId: id,
          description: 'reversal failed',
          lines: [{ accountId: r.accountId, operation: 'release', amount: r.amount }],
        });
      }
      // The balance first, then the reversal and its statement line (which follows it, failure included).
      await this.store.save(reversal);
      // A failed return gave nothing back: that part of the payment can be reversed again.
      if (result.outcome !== 'settled') await this.transactions.addRefunded(r.originalTransactionId, r.amount.negated());
      await this.outbox.append(reversal.pullEvents());
      this.logger.log({ reversalId: id, outcome: result.outcome }, 'reversal settled');
    });
  }
}
