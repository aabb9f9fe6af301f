import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { Money } from '../../../shared/money/money.js';
import type { MedAction, MedRequest } from '../domain/med-request.aggregate.js';
import { MedDeadlines } from './med-deadlines.js';
import { MedRequestRepository } from './med-request.repository.js';
import { MedRequestStore } from './med-request-store.js';

export interface RespondMedCommand {
  clientId: string;
  medId: string;
  action: MedAction;
  reason?: string;
}

/**
 * The receiver's answer to a MED request, under the request's row lock (two answers racing: one wins,
 * the other finds it answered, 409 MED_ALREADY_RESPONDED). A deadline the sweep has not applied yet is
 * applied first (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md): past `respond_by` the
 * request is closed (that commits, block released) and the answer refused; past the hold's time it goes
 * IN_ANALYSIS (hold released) and the answer proceeds. Approve captures what is held (capped by what of the
 * payment is still refundable; once IN_ANALYSIS, what is available then, up to what was blocked at opening)
 * and records it as the receiver's `med_return` (a `D` end-to-end id); reject releases what is held
 * (`unblock`).
 */
@Injectable()
export class RespondMedUseCase {
  constructor(
    private readonly meds: MedRequestRepository,
    private readonly store: MedRequestStore,
    private readonly deadlines: MedDeadlines,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
  ) {}

  async execute(cmd: RespondMedCommand): Promise<MedRequest> {
    const now = this.clock.now();
    let refusal: DomainError | null = null;
    const med = await this.uow.run(async () => {
      const locked = await this.meds.lock(cmd.medId);
      if (!locked || locked.snapshot.clientId !== cmd.clientId) throw new NotFoundError('MED request', 'MED_NOT_FOUND');
      if ((await this.deadlines.applyDue(locked, now)) === 'closed') {
        refusal = new DomainError('MED_ALREADY_RESPONDED', 'This MED request passed its deadline unanswered and is closed');
        return locked;
      }
      const reason = cmd.reason ?? null;
      if (cmd.action === 'reject') {
        const released = locked.reject({ reason, now });
        await this.deadlines.release(locked, released, 'MED rejected: block released');
      } else {
        await this.approve(locked, reason, now);
      }
      // The request and, when the approval returned money, its `med_return` line (recorded just above in that same state).
      await this.store.save(locked);
      await this.outbox.append(locked.pullEvents());
      return locked;
    });
    if (refusal) throw refusal;
    return med;
  }

  /**
   * Captures and returns what is held, capped by what of the payment is still refundable (reversals
   * and MED returns share one refundable amount, `transactions.refunded_amount`, which the database keeps
   * within the payment's amount); releases the rest. Once the hold has ended (IN_ANALYSIS) nothing is held:
   * the return is what the receiver has available now, up to what was blocked at opening (never topped up,
   * docs/conventions.md §10), blocked here under the balance lock and then treated as a hold. The money goes back to the payer
   * (docs/conventions.md §10): on-us (the payer is a client here) it is credited to the payer's account in
   * this transaction, as their `reversal_in`, so nothing stays in the settlement account; to another
   * institution the funds stay blocked and the `med_return` is `processing` until the SPI settles the
   * return (`SettleMedReturnUseCase`, started by the `med.approved` event). Lock order: the request, the
   * payment, the balances.
   */
  private async approve(med: MedRequest, reason: string | null, now: Date): Promise<void> {
    const m = med.snapshot;
    const held = med.held();
    const payment = m.blockedAmount.isPositive() ? await this.transactions.lockReceived(m.clientId, m.endToEndId) : null;
    const refundable = payment ? Money.max(payment.amount.minus(payment.refundedAmount), Money.zero()) : Money.zero();
    let returned = Money.min(held, refundable);
    if (med.status === 'IN_ANALYSIS' && payment) {
      const balance = await this.ledger.lockBalance(m.accountId);
      returned = Money.min(Money.min(m.blockedAmount, refundable), Money.max(balance.available, Money.zero()));
      if (returned.isPositive()) {
        await this.ledger.post({
          transactionId: m.transactionId,
          description: 'MED approved after the hold ended: the available part blocked again to go back',
          lines: [{ accountId: m.accountId, operation: 'block', amount: returned }],
        });
      }
    }
    const sent = returned.isPositive() ? await this.transactions.sentOnUs(m.endToEndId, m.clientId) : null;
    const ret = returned.isPositive()
      ? {
          transactionId: randomUUID(),
          endToEndId: newEndToEndId(this.config.pspIspb, now, 'D'),
          amount: returned,
          onUs: sent !== null,
        }
      : null;
    med.approve({ reason, ret, now });
    const released = held.minus(returned);
    if (released.isPositive()) {
      await this.ledger.post({
        transactionId: m.transactionId,
        description: 'MED approved: the part already paid back by a reversal is released',
        lines: [{ accountId: m.accountId, operation: 'unblock', amount: released }],
      });
    }
    if (!ret) return;
    // The return's line as the request shows it: completed on-us, processing on its way through the SPI.
    const line = med.statementEntry();
    if (!line) throw new Error(`MED ${m.id} returns money without a return line`);
    const payerTransactionId = randomUUID();
    if (sent) {
      await this.ledger.postAll([
        {
          transactionId: ret.transactionId,
          description: 'MED return sent on-us',
          lines: [{ accountId: m.accountId, operation: 'capture', amount: ret.amount }],
        },
        {
          transactionId: payerTransactionId,
          description: 'MED return received',
          lines: [{ accountId: sent.accountId, operation: 'credit', amount: ret.amount }],
        },
      ]);
    }
    await this.transactions.addRefunded(m.transactionId, ret.amount);
    const paid = await this.transactions.partiesOf(m.transactionId);
    await this.transactions.recordPayment({
      id: ret.transactionId,
      clientId: m.clientId,
      accountId: m.accountId,
      type: 'med_return',
      status: line.status,
      amount: ret.amount,
      endToEndId: ret.endToEndId,
      reference: m.endToEndId,
      // Money goes back the way it came: from the receiver to the original payer.
      payer: paid?.receiver ?? null,
      receiver: paid?.payer ?? null,
      description: 'MED return',
      at: now,
    });
    if (!sent) return;
    // The payer's side, as the payer's own statement showed the payment (the receiver as they saw them).
    const theirs = await this.transactions.partiesOf(sent.id);
    await this.transactions.recordPayment({
      id: payerTransactionId,
      clientId: sent.clientId,
      accountId: sent.accountId,
      type: 'reversal_in',
      status: 'completed',
      // The payer's own payment: its usage of the pix_out limits is given back, as for a reversal.
      reference: sent.id,
      amount: ret.amount,
      endToEndId: ret.endToEndId,
      payer: theirs?.receiver ?? null,
      receiver: theirs?.payer ?? null,
      description: 'MED return',
      at: now,
    });
  }
}
