import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { payerAsSeenByReceiver, receiverAsSeenByPayer, partyRecord } from '../../../shared/domain/counterparty.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { LimitPolicy } from '../../limits/application/limit-policy.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { P2pTransfer } from '../domain/p2p-transfer.aggregate.js';
import { P2pTransferRepository } from './p2p-transfer.repository.js';

export interface TransferCommand {
  clientId: string;
  toAccountId: string;
  amount: string;
  description?: string;
  externalId?: string;
}

/**
 * A P2P transfer, completed at once in one database transaction: the payer's `p2p_out` and the payee's
 * `p2p_in` transactions, one journal per side (debit, credit), the payer's `pix_out` usage (the limits
 * check), the transfer row and `p2p.sent` / `p2p.received`. The ledger locks both balances in one sorted
 * order, so transfers A->B and B->A at the same time cannot deadlock; INSUFFICIENT_FUNDS and
 * LIMIT_EXCEEDED roll everything back. No fee is charged on either side.
 */
@Injectable()
export class TransferP2pUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly limits: LimitPolicy,
    private readonly transfers: P2pTransferRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  execute(cmd: TransferCommand): Promise<P2pTransfer> {
    return this.uow.run(async () => {
      const now = this.clock.now();
      const amount = Money.of(cmd.amount);
      const [own, payeeAccount] = await Promise.all([this.accounts.ownAccount(cmd.clientId), this.accounts.byId(cmd.toAccountId)]);
      if (!payeeAccount) throw new NotFoundError('Account', 'ACCOUNT_NOT_FOUND');
      const payer = ownAccountParty(own, this.participants, this.config);
      const payee = ownAccountParty(payeeAccount, this.participants, this.config);
      const transfer = P2pTransfer.make({
        id: randomUUID(),
        receiverTransactionId: randomUUID(),
        endToEndId: newEndToEndId(this.config.pspIspb, now),
        payerClientId: cmd.clientId,
        payerAccountId: own.account.id,
        payeeClientId: payeeAccount.account.clientId,
        payeeAccountId: payeeAccount.account.id,
        payer,
        payee,
        amount,
        description: cmd.description ?? null,
        externalId: cmd.externalId ?? null,
        createdAt: now,
      });
      const t = transfer.snapshot;
      // Balances first (both, in one sorted order), then the transfer, the transaction rows and the usage
      // counters: the lock order of every payment.
      await this.ledger.postAll([
        { transactionId: t.id, description: 'p2p transfer sent', lines: [{ accountId: t.payerAccountId, operation: 'debit', amount }] },
        {
          transactionId: t.receiverTransactionId,
          description: 'p2p transfer received',
          lines: [{ accountId: t.payeeAccountId, operation: 'credit', amount }],
        },
      ]);
      await this.transfers.insert(transfer);
      await this.outbox.append(transfer.pullEvents());
      const common = { amount, endToEndId: t.endToEndId, description: t.description, status: 'completed' as const, at: now };
      await this.transactions.recordPayment({
        ...common,
        id: t.id,
        clientId: t.payerClientId,
        accountId: t.payerAccountId,
        type: 'p2p_out',
        externalId: t.externalId,
        payer: partyRecord(payer),
        // The payer found the payee by a key or account number: the document stays masked.
        receiver: partyRecord(receiverAsSeenByPayer(payee)),
      });
      await this.transactions.recordPayment({
        ...common,
        id: t.receiverTransactionId,
        clientId: t.payeeClientId,
        accountId: t.payeeAccountId,
        type: 'p2p_in',
        // The payee sees who paid, but not the payer's full document or account number.
        payer: partyRecord(payerAsSeenByReceiver(payer)),
        receiver: partyRecord(payee),
      });
      await this.limits.assertWithinLimits({
        clientId: cmd.clientId,
        accountId: own.account.id,
        type: 'pix_out',
        amount,
        at: now,
        personType: own.holder.personType,
        mei: own.holder.mei,
      });
      return transfer;
    });
  }
}
