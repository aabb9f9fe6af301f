import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { TransactionsService, type NewPayment } from '../../transactions/application/transactions.service.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';
import { CashOutStore } from './cash-out-store.js';
import { SpiGateway } from '../../spi/application/spi-gateway.js';
import { receiverAsSeenByPayer, partyRecord } from '../../../shared/domain/counterparty.js';
import { Clock } from '../../../shared/time/clock.js';

/**
 * The recipient's bank sent a completed payment back: completed -> returned, the amount credited
 * to the payer as a `reversal_in` transaction, in one database transaction.
 */
@Injectable()
export class ReturnCashOutUseCase {
  private readonly logger = new Logger(ReturnCashOutUseCase.name);

  constructor(
    private readonly cashOuts: CashOutRepository,
    private readonly store: CashOutStore,
    private readonly spi: SpiGateway,
    private readonly transactions: TransactionsService,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
    private readonly clock: Clock,
  ) {}

  /**
   * A return the scheme announced for an order it settled: done once the payment is completed (until
   * then this throws, and the job is retried); a second run finds it returned. True when it returned now.
   */
  async whenCompleted(endToEndId: string): Promise<boolean> {
    // A job is a hint, never an authority: the scheme's own record must show the return.
    if (!(await this.spi.returned(endToEndId))) {
      this.logger.warn({ endToEndId }, 'return job for a payment the scheme never returned: refused');
      return false;
    }
    const cashOut = await this.cashOuts.findByEndToEndId(endToEndId);
    // A failed order moved no money, so there is nothing to return (and nothing to wait for).
    if (!cashOut || cashOut.status === 'returned' || cashOut.status === 'failed') return false;
    if (cashOut.status !== 'completed') throw new Error(`cash-out ${endToEndId} is ${cashOut.status}; its return waits`);
    await this.execute(cashOut.snapshot.id, null);
    return true;
  }

  /** `clientId` restricts to the caller's own cash-out (sandbox endpoint); null for the scheme itself. */
  execute(cashOutId: string, clientId: string | null, amount?: string): Promise<CashOut> {
    return this.uow.run(async () => {
      const cashOut = await this.cashOuts.lock(cashOutId);
      if (!cashOut || (clientId !== null && cashOut.snapshot.clientId !== clientId))
        throw new NotFoundError('Cash-out', 'CASH_OUT_NOT_FOUND');
      if (cashOut.status !== 'completed') {
        throw new DomainError('CASH_OUT_NOT_RETURNABLE', `Only completed cash-outs can be returned (this one is ${cashOut.status})`);
      }
      if (cashOut.isOnUs) {
        throw new DomainError('CASH_OUT_NOT_RETURNABLE', 'On-us payments are returned through a refund, not the scheme');
      }
      const now = this.clock.now();
      const c = cashOut.snapshot;
      const returned = amount ? Money.of(amount) : c.amount;
      cashOut.markReturned(returned, now);
      const credit: NewPayment = {
        id: randomUUID(),
        clientId: c.clientId,
        accountId: c.accountId,
        type: 'reversal_in',
        status: 'completed',
        reference: c.id,
        amount: returned,
        endToEndId: newEndToEndId(c.receiver.ispb, now, 'D'),
        payer: partyRecord(c.flow === 'bank' ? c.receiver : receiverAsSeenByPayer(c.receiver)),
        receiver: partyRecord(c.payer),
        description: `Return of ${c.endToEndId}`,
        metadata: { original_end_to_end_id: c.endToEndId, psp: this.config.pspIspb },
        at: now,
      };
      // The balance first, then the transaction row (and the usage counters it frees): creation's lock order.
      await this.ledger.post({
        transactionId: credit.id,
        description: 'cash-out returned',
        lines: [{ accountId: c.accountId, operation: 'credit', amount: returned }],
      });
      await this.transactions.recordPayment(credit);
      await this.store.save(cashOut);
      await this.outbox.append(cashOut.pullEvents());
      return cashOut;
    });
  }
}
