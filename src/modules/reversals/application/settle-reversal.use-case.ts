import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { sendOrAskSpi, SpiGateway, withSpiTimeout, type SpiOrder, type SpiResult } from '../../cash-out/application/spi-gateway.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { Reversal } from '../domain/reversal.aggregate.js';
import { ReversalRepository } from './reversal.repository.js';

/**
 * Drives a reversal to the payer's institution to a terminal state, in the cash-out's three steps:
 * queued -> processing (own transaction); the SPI call outside any transaction (idempotent per return
 * id); then, row-locked, completed (the hold captured) or failed (the hold released and the amount
 * counted as reversable again). A timeout on the last try asks the SPI for the order; without a definite
 * answer the reversal stays processing, its funds held, for the reconciliation sweep.
 */
@Injectable()
export class SettleReversalUseCase {
  private readonly logger = new Logger(SettleReversalUseCase.name);

  constructor(
    private readonly reversals: ReversalRepository,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly spi: SpiGateway,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(id: string, lastAttempt: boolean): Promise<void> {
    const reversal = await this.begin(id);
    if (!reversal) return;
    await this.finish(id, await sendOrAskSpi(this.spi, await this.order(reversal), lastAttempt, this.config.spiTimeoutMs));
  }

  /** The sweep's entry: the SPI is asked first, and the return is sent again only when it has no outcome. */
  async reconcile(id: string): Promise<void> {
    const reversal = await this.begin(id);
    if (!reversal) return;
    const known = await this.timed(this.spi.status(reversal.snapshot.refundEndToEndId));
    if (known.outcome !== 'unknown') return this.finish(id, known);
    return this.execute(id, true);
  }

  private begin(id: string): Promise<Reversal | null> {
    return this.uow.run(async () => {
      const reversal = await this.reversals.lock(id);
      if (!reversal) return null;
      if (reversal.status === 'queued') {
        const now = this.clock.now();
        reversal.startProcessing(now);
        await this.reversals.update(reversal);
        await this.transactions.followPayment(id, { status: 'processing', at: now });
      }
      return reversal.status === 'processing' ? reversal : null;
    });
  }

  private finish(id: string, result: SpiResult): Promise<void> {
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
        await this.transactions.followPayment(id, { status: 'completed', at: now });
      } else {
        reversal.fail(result.code, result.message, now);
        await this.ledger.post({
          transactionId: id,
          description: 'reversal failed',
          lines: [{ accountId: r.accountId, operation: 'release', amount: r.amount }],
        });
        await this.transactions.followPayment(id, { status: 'failed', at: now, failure: { code: result.code, message: result.message } });
        // A failed return gave nothing back: that part of the payment can be reversed again.
        await this.transactions.addRefunded(r.originalTransactionId, r.amount.negated());
      }
      await this.reversals.update(reversal);
      await this.outbox.append(reversal.pullEvents());
      this.logger.log({ reversalId: id, outcome: result.outcome }, 'reversal settled');
    });
  }

  private async order(reversal: Reversal): Promise<SpiOrder> {
    const r = reversal.snapshot;
    const own = await this.accounts.ownAccount(r.clientId, r.accountId);
    return {
      endToEndId: r.refundEndToEndId,
      amount: r.amount,
      payer: ownAccountParty(own, this.participants, this.config),
      receiver: r.payee,
      returnOf: { originalEndToEndId: r.originalEndToEndId, reasonCode: r.refundCode },
    };
  }

  private timed<T>(call: Promise<T>): Promise<T> {
    return withSpiTimeout(call, this.config.spiTimeoutMs);
  }
}
