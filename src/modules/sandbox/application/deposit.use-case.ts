import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { partyRecord } from '../../../shared/domain/counterparty.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { CashInCredits } from '../../cash-in/application/cash-in-credits.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { sandboxPayer } from '../../participants/application/external-payer.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { Clock } from '../../../shared/time/clock.js';

export interface DepositCommand {
  clientId: string;
  amount: string;
  accountId?: string;
  /** The simulated payer at another institution; defaults: docs/adr/0225-the-payer-on-every-credit.md. */
  payer?: { name?: string; document?: string; ispb?: string };
}

/** A credited deposit: its `cash_in` transaction and where the money went. */
export interface Deposit {
  transactionId: string;
  endToEndId: string;
  accountId: string;
  amount: Money;
  status: 'completed';
}

/** Simulates an inbound Pix credit from an external payer: a completed `cash_in`. */
@Injectable()
export class DepositUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly credits: CashInCredits,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
    private readonly clock: Clock,
    private readonly participants: ParticipantDirectory,
  ) {}

  execute(cmd: DepositCommand): Promise<Deposit> {
    return this.uow.run(async () => {
      const own = await this.accounts.ownAccount(cmd.clientId, cmd.accountId);
      const { account } = own;
      const now = this.clock.now();
      const amount = Money.of(cmd.amount);
      const payer = sandboxPayer(cmd.payer, this.config.pspIspb, this.participants);
      const deposit: Deposit = {
        transactionId: randomUUID(),
        // The end-to-end id names the payer's institution, as the SPI's do.
        endToEndId: newEndToEndId(payer.bank.ispb, now),
        accountId: account.id,
        amount,
        status: 'completed',
      };
      const credit = await this.credits.price({
        transactionId: deposit.transactionId,
        clientId: cmd.clientId,
        accountId: account.id,
        amount,
        endToEndId: deposit.endToEndId,
        description: 'sandbox deposit',
        payer,
      });
      // The balance first, then the transaction row (and its usage counters): every payment's lock order.
      await this.ledger.post(credit.movement);
      await this.transactions.recordPayment({
        id: deposit.transactionId,
        clientId: cmd.clientId,
        accountId: account.id,
        type: 'cash_in',
        status: deposit.status,
        amount,
        fee: credit.fee,
        endToEndId: deposit.endToEndId,
        payer,
        receiver: partyRecord(ownAccountParty(own, this.participants, this.config)),
        description: 'Sandbox deposit',
        channel: 'sandbox',
        at: now,
      });
      await this.outbox.append([credit.event]);
      return deposit;
    });
  }
}
