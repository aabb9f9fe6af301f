import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { receiverAsSeenByPayer, partyRecord, type Counterparty } from '../../../shared/domain/counterparty.js';
import { newEndToEndId } from '../../../shared/domain/end-to-end-id.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { ChargeQuotes } from '../../cash-in/application/charge-quotes.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { LimitPolicy } from '../../limits/application/limit-policy.js';
import { PaymentLookups } from '../../qr-code/application/payment-lookups.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { CashOut } from '../domain/cash-out.aggregate.js';
import { initiationOf, selectFlow } from '../domain/cash-out-flow.js';
import { CashOutRepository } from './cash-out.repository.js';
import { ReceiverResolver, type BankDetails } from './receiver-resolver.js';
import { Clock } from '../../../shared/time/clock.js';

/** Flow 1 names `pixKey` and `pixKeyType`, Flow 2 the bank details, Flow 3 `lookupEndToEndId` alone. */
export interface CreateCashOutCommand extends Partial<BankDetails> {
  clientId: string;
  amount: string;
  lookupEndToEndId?: string;
  pixKey?: string;
  pixKeyType?: PixKeyType;
  externalId?: string;
  description?: string;
  reference?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Everything docs/conventions.md §7 lists as synchronous, in one database transaction: flow, recipient,
 * limits, the transaction row, the funds hold and the outbox event. Settlement happens later.
 */
@Injectable()
export class CreateCashOutUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly receivers: ReceiverResolver,
    private readonly lookups: PaymentLookups,
    private readonly limits: LimitPolicy,
    private readonly ledger: LedgerService,
    private readonly transactions: TransactionsService,
    private readonly cashOuts: CashOutRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb'>,
    private readonly clock: Clock,
    private readonly charges: ChargeQuotes,
  ) {}

  async execute(cmd: CreateCashOutCommand): Promise<CashOut> {
    const flow = selectFlow(cmd, cmd.lookupEndToEndId); // an invalid request rejects the promise, like every other refusal
    return this.uow.run(async () => {
      const now = this.clock.now();
      const id = randomUUID();
      const amount = Money.of(cmd.amount);
      const own = await this.accounts.ownAccount(cmd.clientId);
      let receiver: Counterparty;
      let pixKey = cmd.pixKey ?? null;
      let pixKeyType: string | null = cmd.pixKeyType ?? null;
      let endToEndId = newEndToEndId(this.config.pspIspb, now);
      let chargeId: string | null = null;
      let txid: string | null = null;
      let qrType: 'static' | 'dynamic' | undefined;
      let holderConfirmed = true;
      if (flow === 'key') {
        receiver = await this.receivers.byKey(cmd.clientId, cmd.pixKey!, cmd.pixKeyType!);
      } else if (flow === 'bank') {
        ({ receiver, holderConfirmed } = await this.receivers.byBankDetails(cmd.clientId, cmd as BankDetails));
      } else {
        const lookup = await this.lookups.consumeForPayment(cmd.clientId, cmd.lookupEndToEndId!, amount, id);
        ({ receiver, pixKey, pixKeyType, endToEndId, chargeId, txid, qrType } = lookup);
        // A charge of ours: refused now if it could not be paid (the settlement decides under its lock).
        if (chargeId) await this.charges.assertPayable(chargeId, amount, now);
      }
      if (receiver.internal?.accountId === own.account.id) {
        throw new DomainError('SAME_ACCOUNT', 'The recipient is the paying account itself');
      }
      const payer = this.receivers.payer(own);
      const cashOut = CashOut.queue(
        {
          id,
          clientId: cmd.clientId,
          accountId: own.account.id,
          externalId: cmd.externalId ?? null,
          amount,
          flow,
          initiation: initiationOf(flow, qrType),
          description: cmd.description ?? null,
          pixKey,
          pixKeyType,
          payer,
          receiver,
          endToEndId,
          chargeId,
          txid,
        },
        now,
      );
      // The steps start together, so their statements share one round trip, and run in the order called:
      // the writes that lock nothing others need, then the row locks (the payer's balance, then the usage
      // counters, always in that order), held only until the commit. A refusal is the first one in this
      // order, as if the steps had run one after another (allInOrder).
      await allInOrder([
        this.cashOuts.insert(cashOut),
        this.outbox.append(cashOut.pullEvents()),
        this.ledger.post({
          transactionId: id,
          description: 'cash-out hold',
          lines: [{ accountId: own.account.id, operation: 'hold', amount }],
        }),
        this.transactions.recordPayment({
          id,
          clientId: cmd.clientId,
          accountId: own.account.id,
          type: 'cash_out',
          status: 'queued',
          externalId: cmd.externalId,
          reference: cmd.reference,
          amount,
          pixKey,
          pixKeyType,
          endToEndId,
          payer: partyRecord(payer),
          // The payer typed the recipient's document only in Flow 2; resolved from a key or QR code, it is masked.
          receiver: partyRecord(flow === 'bank' ? receiver : receiverAsSeenByPayer(receiver)),
          description: cmd.description,
          txid,
          metadata: cmd.metadata,
          at: now,
        }),
        this.limits.assertWithinLimits({
          clientId: cmd.clientId,
          accountId: own.account.id,
          type: 'pix_out',
          amount,
          at: now,
          personType: own.holder.personType,
          mei: own.holder.mei,
        }),
      ]);
      // Last, once the hold and the limits passed: a payment that fails for funds or limits answers that
      // whatever document was typed, so the answer is no oracle of the holder's document.
      if (!holderConfirmed) await this.receivers.refuseHolderMismatch(cmd.clientId);
      return cashOut;
    });
  }
}
