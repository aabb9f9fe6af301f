import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { payerAsSeenByReceiver, partyRecord } from '../../../shared/domain/counterparty.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import type { ClientRefundCode } from '../../../shared/domain/refund-code.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { payerCounterparty } from '../../participants/application/payer-counterparty.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { Reversal } from '../domain/reversal.aggregate.js';
import { CashParts } from './cash-parts.js';
import { ReversalRepository } from './reversal.repository.js';

export interface CreateReversalCommand {
  clientId: string;
  amount: string;
  externalId: string;
  endToEndId: string;
  reason?: string;
  /** MD06 (the default) or SL02; BE08 and FR01 are the institution's own (docs/conventions.md §10). */
  refundCode?: ClientRefundCode;
  customerMessage?: string;
  userMetadata?: Record<string, unknown>;
  tags?: string[];
}

/**
 * Gives back part or all of a payment the client received, in one database transaction with the
 * original payment's row locked (so concurrent reversals of one payment take turns and their sum never
 * exceeds it; the column's CHECK backs that up). On-us (the payer is a client here): the money moves at
 * once, `reversal_out` for the client and `reversal_in` for the original payer. From another institution:
 * the amount is held and the return goes to the SPI through the settlement queue. SL02 gives back only
 * the withdrawal or change part of the Pix Saque/Troco charge the payment paid (docs/adr/0218-refund-codes-clients-may-send.md).
 */
@Injectable()
export class CreateReversalUseCase {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly ledger: LedgerService,
    private readonly reversals: ReversalRepository,
    private readonly cashParts: CashParts,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  execute(cmd: CreateReversalCommand): Promise<Reversal> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const amount = Money.of(cmd.amount);
      const original = await this.transactions.lockReceived(cmd.clientId, cmd.endToEndId);
      if (!original) {
        throw new DomainError('ORIGINAL_PAYMENT_NOT_FOUND', 'No completed payment you received has this end-to-end id', [
          { field: 'end_to_end_id', issue: 'not a payment you received' },
        ]);
      }
      Reversal.assertReversible(
        { amount: original.amount, alreadyRefunded: original.refundedAmount, receivedAt: original.receivedAt },
        amount,
        now,
      );
      const refundCode = cmd.refundCode ?? 'MD06';
      if (refundCode === 'SL02') {
        const [cashPart, alreadyRefundedAsSl02] = await Promise.all([
          this.cashParts.ofPayment(original.id),
          this.reversals.refundedWithCode(cmd.clientId, original.endToEndId, 'SL02'),
        ]);
        Reversal.assertRefundCodeApplies({ refundCode, cashPart, alreadyRefundedAsSl02 }, amount);
      }
      const own = await this.accounts.ownAccount(cmd.clientId, original.accountId);
      const reverser = ownAccountParty(own, this.participants, this.config);
      const sent = await this.transactions.sentOnUs(cmd.endToEndId, cmd.clientId);
      const payerAccount = sent ? await this.accounts.byId(sent.accountId) : null;
      const base = {
        id: randomUUID(),
        clientId: cmd.clientId,
        accountId: original.accountId,
        externalId: cmd.externalId,
        originalTransactionId: original.id,
        originalEndToEndId: original.endToEndId,
        refundEndToEndId: newEndToEndId(this.config.pspIspb, now, 'D'),
        amount,
        refundCode,
        reason: cmd.reason ?? null,
        customerMessage: cmd.customerMessage ?? null,
        userMetadata: cmd.userMetadata ?? null,
        tags: cmd.tags ?? [],
        createdAt: now,
      };
      const reversal =
        sent && payerAccount
          ? Reversal.completedOnUs({
              ...base,
              payee: ownAccountParty(payerAccount, this.participants, this.config),
              payeeTransactionId: randomUUID(),
            })
          : Reversal.queued({ ...base, payee: payerCounterparty(original.payer, original.endToEndId, this.participants) });
      const r = reversal.snapshot;
      // Balances first (both sides in one sorted order), then the rows: the lock order of every payment.
      if (r.payeeTransactionId && sent) {
        await this.ledger.postAll([
          { transactionId: r.id, description: 'reversal sent on-us', lines: [{ accountId: r.accountId, operation: 'debit', amount }] },
          {
            transactionId: r.payeeTransactionId,
            description: 'reversal received',
            lines: [{ accountId: sent.accountId, operation: 'credit', amount }],
          },
        ]);
      } else {
        await this.ledger.post({
          transactionId: r.id,
          description: 'reversal hold',
          lines: [{ accountId: r.accountId, operation: 'hold', amount }],
        });
      }
      await this.reversals.insert(reversal);
      await this.outbox.append(reversal.pullEvents());
      await this.transactions.addRefunded(original.id, amount);
      await this.transactions.recordPayment({
        id: r.id,
        clientId: r.clientId,
        accountId: r.accountId,
        type: 'reversal_out',
        status: r.status,
        externalId: r.externalId,
        reference: original.id,
        amount,
        endToEndId: r.refundEndToEndId,
        payer: partyRecord(reverser),
        receiver: partyRecord(payerAsSeenByReceiver(r.payee)),
        description: r.reason,
        metadata: r.userMetadata,
        at: now,
      });
      if (r.payeeTransactionId && sent) {
        await this.transactions.recordPayment({
          id: r.payeeTransactionId,
          clientId: sent.clientId,
          accountId: sent.accountId,
          type: 'reversal_in',
          status: 'completed',
          // The payer's own payment: its usage of the pix_out limits is given back.
          reference: sent.id,
          amount,
          endToEndId: r.refundEndToEndId,
          payer: partyRecord(payerAsSeenByReceiver(reverser)),
          receiver: partyRecord(r.payee),
          description: r.customerMessage,
          at: now,
        });
      }
      return reversal;
    });
  }
}
