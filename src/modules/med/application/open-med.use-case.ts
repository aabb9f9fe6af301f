import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { MedRequest } from '../domain/med-request.aggregate.js';
import { MedRequestRepository } from './med-request.repository.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';

export interface OpenMedCommand {
  clientId: string;
  endToEndId: string;
  amount?: string;
  reason?: string;
}

/**
 * Opens a MED request against a payment the client received (sandbox: as the payer's institution would),
 * in one database transaction: the payment row locked (unknown or another client's: 404), one request per
 * payment (MED_ALREADY_EXISTS), within `MED_CLAIM_WINDOW_DAYS` of the payment (MED_CLAIM_WINDOW_CLOSED,
 * docs/adr/0216-med-timelines-as-the-regulation-sets-them.md), the receiver's balance locked and
 * min(amount, available) blocked (the precautionary hold, `MED_BLOCK_HOURS` at most) with a
 * ledger `block`, the request row and `med.opened`. The block is decided under the balance lock, so a
 * cash-out racing it can never drive the balance below zero: whichever locks first takes the money.
 */
@Injectable()
export class OpenMedUseCase {
  constructor(
    private readonly payments: TransactionsService,
    private readonly meds: MedRequestRepository,
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'medTimeline'>,
  ) {}

  execute(cmd: OpenMedCommand): Promise<MedRequest> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      // Lock order: the payment row, then the balance (as every payment: its own row first).
      const payment = await this.payments.lockReceived(cmd.clientId, cmd.endToEndId);
      if (!payment) throw new NotFoundError('Received payment', 'TRANSACTION_NOT_FOUND');
      if (await this.meds.existsForTransaction(payment.id)) {
        throw new DomainError('MED_ALREADY_EXISTS', 'This payment already has a MED request', [
          { field: 'end_to_end_id', issue: 'already has a MED request' },
        ]);
      }
      const balance = await this.ledger.lockBalance(payment.accountId);
      const med = MedRequest.open({
        id: randomUUID(),
        clientId: payment.clientId,
        accountId: payment.accountId,
        transactionId: payment.id,
        endToEndId: payment.endToEndId,
        paymentAmount: payment.amount,
        receivedAt: payment.receivedAt,
        timeline: this.config.medTimeline,
        amount: cmd.amount === undefined ? null : Money.of(cmd.amount),
        available: balance.available,
        refundable: payment.amount.minus(payment.refundedAmount),
        reason: cmd.reason ?? null,
        now,
      });
      const m = med.snapshot;
      await this.meds.insert(med);
      await this.outbox.append(med.pullEvents());
      if (med.held().isPositive()) {
        // Tagged with the payment's transaction: its statement shows why part of the money is blocked.
        await this.ledger.post({
          transactionId: m.transactionId,
          description: 'MED precautionary block',
          lines: [{ accountId: m.accountId, operation: 'block', amount: m.blockedAmount }],
        });
      }
      return med;
    });
  }
}
