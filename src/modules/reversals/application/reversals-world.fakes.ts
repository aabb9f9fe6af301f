import { loadConfig } from '../../../config/app.config.js';
import { FakeOutbox, FakeUnitOfWork, FrozenClock, inMemoryState } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { InMemoryLedger, ledgerViews } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ListedParticipants } from '../../participants/application/participants.fakes.js';
import { SpiSettlement } from '../../spi/application/spi-settlement.js';
import { ScriptedSpi } from '../../spi/application/spi.fakes.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { ANA, BB, BRUNO, NOON, receivedPayments } from '../../transactions/application/received-payments.fakes.js';
import { InMemoryTransactions, transactionViews } from '../../transactions/application/transactions.fakes.js';
import { CashParts, type CashPart } from './cash-parts.js';
import { CreateReversalUseCase } from './create-reversal.use-case.js';
import { ReconcileReversalsUseCase } from './reconcile-reversals.use-case.js';
import { ReversalQueries } from './reversal-queries.js';
import { InMemoryReversals } from './reversals.fakes.js';
import { SettleReversalUseCase } from './settle-reversal.use-case.js';
import { ReversalStore } from './reversal-store.js';

/**
 * The reversal use cases wired as production wires them, every port in memory: the real LedgerService,
 * TransactionsService (over InMemoryTransactions), AccountDirectory and the spi module's real settlement
 * protocol over the scripted SPI. The unit of work is strict and rolls back the ledger, the transaction
 * rows, the reversals and the outbox. The clock stands still at NOON until moved; SPI calls time out after
 * 100 ms. Ana holds 100.00 and Bruno 0.00; `receiveExternal` and `receiveOnUs` record the payments Ana
 * received (her statement only: the balances are seeded).
 */
/** The Pix Saque/Troco parts of the charges paid by received payments, as a test sets them. */
export class ListedCashParts extends CashParts {
  private readonly parts = new Map<string, CashPart>();

  set(receivedTransactionId: string, part: CashPart): this {
    this.parts.set(receivedTransactionId, part);
    return this;
  }

  async ofPayment(receivedTransactionId: string): Promise<CashPart | null> {
    return this.parts.get(receivedTransactionId) ?? null;
  }
}

export function reversalsWorld() {
  const config = loadConfig({ SPI_TIMEOUT_MS: '100' });
  const clock = new FrozenClock(NOON);
  const uow = new FakeUnitOfWork({ strict: true });
  const outbox = new FakeOutbox();
  const identity = new InMemoryIdentity();
  const accounts = identity.directory();
  const participants = new ListedParticipants([BB]);
  const ledgerStore = new InMemoryLedger(uow, () => clock.now());
  const ledger = new LedgerService(ledgerStore, uow);
  const transactionStore = new InMemoryTransactions();
  const transactions = new TransactionsService(transactionStore);
  const reversals = new InMemoryReversals();
  const spi = new ScriptedSpi();
  const cashParts = new ListedCashParts();
  uow.track(
    inMemoryState(ledgerStore, { keep: ['calls'] }),
    inMemoryState(transactionStore),
    inMemoryState(reversals, { keep: ['locked', 'updateFailures'] }),
    inMemoryState(outbox),
  );

  identity.addAccount(ANA.client, ANA.account, ANA.document, ANA.name);
  identity.addAccount(BRUNO.client, BRUNO.account, BRUNO.document, BRUNO.name);
  ledgerStore.seed(ANA.account, '100.00', '0', ANA.client);
  ledgerStore.seed(BRUNO.account, '0.00', '0', BRUNO.client);

  // The one save of a moved reversal: the reversal and its `reversal_out` line, as in the app.
  const settle = new SettleReversalUseCase(
    reversals,
    new ReversalStore(reversals, transactions),
    transactions,
    ledger,
    accounts,
    participants,
    new SpiSettlement(spi, config),
    outbox,
    uow,
    clock,
    config,
  );

  return {
    config,
    clock,
    uow,
    outbox,
    ledgerStore,
    transactionStore,
    reversals,
    spi,
    cashParts,
    create: new CreateReversalUseCase(transactions, accounts, participants, ledger, reversals, cashParts, outbox, uow, clock, config),
    settle,
    reconcile: new ReconcileReversalsUseCase(reversals, settle, clock, config),
    queries: new ReversalQueries(reversals),

    ...ledgerViews(ledgerStore),
    ...transactionViews(transactionStore),

    ...receivedPayments(transactions),

    /** What of the received payment `id` is counted as given back, as a decimal string. */
    refunded(id: string): string | undefined {
      return transactionStore
        .all()
        .find((t) => t.snapshot.id === id)
        ?.snapshot.refundedAmount.toFixed2();
    },

    /** The stored reversal `id` (its amount as a decimal string), or undefined. */
    reversal(id: string) {
      const found = reversals.all().find((r) => r.snapshot.id === id);
      return found ? { ...found.snapshot, amount: found.snapshot.amount.toFixed2() } : undefined;
    },

    /** Everything a reversal use case writes, to compare before and after a refusal or a rollback. */
    trace() {
      return {
        balances: [...ledgerStore.accounts.entries()].map(([id, a]) => [id, a.balance.available.toFixed2(), a.balance.blocked.toFixed2()]),
        journals: [...ledgerStore.journals],
        entries: [...ledgerStore.entries],
        transactions: transactionStore.all().map((t) => ({ ...t.snapshot, refundedAmount: t.snapshot.refundedAmount.toFixed2() })),
        reversals: reversals.all().map((r) => r.snapshot),
        events: [...outbox.events],
      };
    },
  };
}

export type ReversalsWorld = ReturnType<typeof reversalsWorld>;
