import { loadConfig } from '../../../config/app.config.js';
import { FakeOutbox, FakeUnitOfWork, FrozenClock, inMemoryState } from '../../../shared/testing/kernel.fakes.js';
import { FeePolicy } from '../../fees/application/fee-policy.js';
import { InMemoryFeeSchedules } from '../../fees/application/fees.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { HeldKeyEntries } from '../../keys/application/held-key-entries.service.js';
import { FakeParticipants, InMemoryPixKeys } from '../../keys/application/keys.fakes.js';
import { ReceivingKeys } from '../../keys/application/receiving-keys.service.js';
import { RegisterPixKeyUseCase } from '../../keys/application/register-pix-key.use-case.js';
import { InMemoryLedger } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { InMemoryTransactions } from '../../transactions/application/transactions.fakes.js';
import { CancelChargeUseCase } from './cancel-charge.use-case.js';
import { CashInCredits } from './cash-in-credits.js';
import { InMemoryCharges, InMemoryPayloadLocations } from './cash-in.fakes.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeStore } from './charge-store.js';
import { ChargePayments } from './charge-payments.js';
import { CreateChargeUseCase, type CreateChargeCommand } from './create-charge.use-case.js';
import { ReviseChargeUseCase } from './revise-charge.use-case.js';
import { ExpireChargesUseCase } from './expire-charges.use-case.js';
import { GetChargeUseCase } from './get-charge.use-case.js';
import { ListChargesUseCase } from './list-charges.use-case.js';
import { PayChargeUseCase } from './pay-charge.use-case.js';
import { QrImageRenderer, QrRenderQueueFullError, type QrImageTicket } from './qr-image-renderer.js';

/** 12:00 in São Paulo (UTC-3) on 2026-03-10. */
export const NOON = new Date('2026-03-10T15:00:00.000Z');

/**
 * A QR renderer that draws nothing: the "image" is the text itself in base64, so a test can tell which
 * text was drawn. `refuseNext()` makes the next reservation answer as a full render queue. `drawn` lists the
 * texts; `held` counts the places reserved and not given back.
 */
export class FakeQrImages extends QrImageRenderer {
  readonly drawn: string[] = [];
  held = 0;
  private refusals = 0;
  private drawFailures = 0;

  refuseNext(): void {
    this.refusals++;
  }

  /** The next image drawn fails, as a render worker that dies would. */
  failNextDraw(): void {
    this.drawFailures++;
  }

  reserve(): QrImageTicket {
    if (this.refusals > 0) {
      this.refusals--;
      throw new QrRenderQueueFullError();
    }
    this.held++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.held--;
    };
    return {
      pngDataUri: async (text) => {
        release();
        if (this.drawFailures > 0) {
          this.drawFailures--;
          throw new Error('render worker exited');
        }
        this.drawn.push(text);
        return `data:image/png;base64,${Buffer.from(text).toString('base64')}`;
      },
      release,
    };
  }
}

/**
 * The charge use cases wired as production wires them, every port in memory: the real ReceivingKeys
 * (with the keys module's RegisterPixKeyUseCase), TransactionsService, LedgerService, FeePolicy,
 * ChargeExpiry and ChargePayments over the in-memory stores of their modules. The unit of work is strict and
 * rolls back: a failed transaction leaves the charges, keys, transactions, ledger and outbox as they were.
 * The clock stands still at NOON until moved.
 */
export function cashInWorld() {
  const config = loadConfig({});
  const clock = new FrozenClock(NOON);
  const uow = new FakeUnitOfWork({ strict: true });
  const outbox = new FakeOutbox();
  const identity = new InMemoryIdentity();
  const accounts = identity.directory();
  const participants = new FakeParticipants([]);
  const keys = new InMemoryPixKeys();
  const register = new RegisterPixKeyUseCase(accounts, keys, new HeldKeyEntries(participants, config), outbox, uow, clock);
  const receivingKeys = new ReceivingKeys(keys, register, uow);
  const locations = new InMemoryPayloadLocations();
  const charges = new InMemoryCharges(locations);
  const transactionStore = new InMemoryTransactions();
  const transactions = new TransactionsService(transactionStore);
  const ledgerStore = new InMemoryLedger(uow, () => clock.now());
  const ledger = new LedgerService(ledgerStore, uow);
  const fees = new InMemoryFeeSchedules();
  uow.track(
    inMemoryState(charges),
    inMemoryState(keys),
    inMemoryState(transactionStore),
    inMemoryState(ledgerStore, { keep: ['calls'] }),
    inMemoryState(outbox),
  );

  // The one save of a moved charge: the charge and its `cash_in` line, as in the app.
  const chargeStore = new ChargeStore(charges, transactions);
  const expiry = new ChargeExpiry(chargeStore, outbox);
  const payments = new ChargePayments(charges, chargeStore, new CashInCredits(new FeePolicy(fees), config), outbox);
  const create = new CreateChargeUseCase(accounts, receivingKeys, participants, charges, transactions, uow, clock, config, locations);

  return {
    config,
    clock,
    uow,
    outbox,
    identity,
    keys,
    register,
    charges,
    locations,
    transactionStore,
    ledgerStore,
    fees,
    create,
    cancel: new CancelChargeUseCase(charges, chargeStore, outbox, expiry, uow, clock),
    expire: new ExpireChargesUseCase(charges, expiry, uow),
    get: new GetChargeUseCase(charges, expiry, uow, clock),
    list: new ListChargesUseCase(charges, expiry, uow, clock),
    revise: new ReviseChargeUseCase(charges, chargeStore, expiry, uow, clock),
    pay: new PayChargeUseCase(charges, payments, ledger, uow, clock, participants, config),

    /** A client of this institution with one account (and a ledger account holding `available`). */
    openAccount(clientId: string, accountId: string, document: string, name: string, available = '0.00') {
      const opened = identity.addAccount(clientId, accountId, document, name);
      ledgerStore.seed(accountId, available, '0', clientId);
      return opened;
    },

    /** Prepares and issues, as the controller does. */
    async issue(cmd: CreateChargeCommand) {
      return create.issue(await create.prepare(cmd));
    },

    /** The stored charge `id` with its money as decimal strings, or undefined. */
    async charge(id: string) {
      const found = await charges.findById(id);
      if (!found) return undefined;
      const c = found.snapshot;
      return { ...c, amount: c.amount.toFixed2(), paidAmount: c.paidAmount?.toFixed2() ?? null };
    },

    /** The stored transaction row `id` (money as decimal strings), or undefined. */
    transaction(id: string) {
      const row = transactionStore.all().find((t) => t.snapshot.id === id);
      if (!row) return undefined;
      const t = row.snapshot;
      return { ...t, amount: t.amount.toFixed2(), taxAmount: t.taxAmount.toFixed2(), refundedAmount: t.refundedAmount.toFixed2() };
    },

    /** The account's buckets as decimal strings. */
    balance(accountId: string) {
      const row = ledgerStore.accounts.get(accountId);
      if (!row) throw new Error(`no ledger account ${accountId}`);
      return { available: row.balance.available.toFixed2(), blocked: row.balance.blocked.toFixed2() };
    },

    /** The ledger operations written for a business transaction, in order, as `account operation amount`. */
    ledgerOps(transactionId: string): string[] {
      return ledgerStore.operationsOf(transactionId);
    },
  };
}

export type CashInWorld = ReturnType<typeof cashInWorld>;
