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
import { ListMedUseCase } from './list-med.use-case.js';
import { MedDeadlines } from './med-deadlines.js';
import { MedRequestStore } from './med-request-store.js';
import { medRecord } from './med-record.js';
import { InMemoryMedRequests } from './med.fakes.js';
import { OpenMedUseCase } from './open-med.use-case.js';
import { RespondMedUseCase } from './respond-med.use-case.js';
import { SettleMedReturnUseCase } from './settle-med-return.use-case.js';

/**
 * The MED use cases wired as production wires them, every port in memory: the real LedgerService,
 * TransactionsService, AccountDirectory, MedDeadlines and the spi module's real settlement protocol over
 * the scripted SPI. The unit of work is strict and rolls back the ledger, the transaction rows, the
 * requests and the outbox. The clock stands still at NOON until moved; SPI calls time out after 100 ms.
 * Ana holds 100.00 received from Joana (external) and, once `receiveOnUs` runs, from Bruno (on-us).
 * `env` adds configuration (e.g. the MED timeline's MED_BLOCK_HOURS) to the defaults.
 */
export function medWorld(env: NodeJS.ProcessEnv = {}) {
  const config = loadConfig({ SPI_TIMEOUT_MS: '100', ...env });
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
  const meds = new InMemoryMedRequests();
  const spi = new ScriptedSpi();
  uow.track(
    inMemoryState(ledgerStore, { keep: ['calls'] }),
    inMemoryState(transactionStore),
    inMemoryState(meds, { keep: ['locked'] }),
    inMemoryState(outbox),
  );
  // The one save of a moved request: the request and its `med_return` line, when it has one, as in the app.
  const medStore = new MedRequestStore(meds, transactions);
  const deadlines = new MedDeadlines(meds, medStore, ledger, outbox, uow, config);

  identity.addAccount(ANA.client, ANA.account, ANA.document, ANA.name);
  identity.addAccount(BRUNO.client, BRUNO.account, BRUNO.document, BRUNO.name);
  ledgerStore.seed(ANA.account, '100.00', '0', ANA.client);
  ledgerStore.seed(BRUNO.account, '0.00', '0', BRUNO.client);

  return {
    config,
    clock,
    uow,
    outbox,
    ledgerStore,
    transactionStore,
    transactions,
    meds,
    spi,
    deadlines,
    open: new OpenMedUseCase(transactions, meds, ledger, outbox, uow, clock, config),
    respond: new RespondMedUseCase(meds, medStore, deadlines, ledger, transactions, outbox, uow, clock, config),
    settle: new SettleMedReturnUseCase(
      meds,
      medStore,
      transactions,
      ledger,
      accounts,
      participants,
      new SpiSettlement(spi, config),
      uow,
      clock,
      config,
    ),
    list: new ListMedUseCase(meds),

    ...ledgerViews(ledgerStore),
    ...transactionViews(transactionStore),

    ...receivedPayments(transactions),

    /** The stored request `id` as the API shows it, with where its return stands; undefined when there is none. */
    med(id: string) {
      const found = meds.all().find((m) => m.snapshot.id === id);
      return found
        ? {
            ...medRecord(found),
            return_status: found.snapshot.returnStatus,
            return_amount: found.snapshot.returnAmount?.toFixed2() ?? null,
          }
        : undefined;
    },

    /** Everything a MED use case writes, to compare before and after a refusal. */
    trace() {
      return {
        balances: [...ledgerStore.accounts.entries()].map(([id, a]) => [id, a.balance.available.toFixed2(), a.balance.blocked.toFixed2()]),
        journals: [...ledgerStore.journals],
        transactions: transactionStore.all().map((t) => t.snapshot),
        meds: meds.all().map((m) => m.snapshot),
        events: [...outbox.events],
      };
    },
  };
}

export type MedWorld = ReturnType<typeof medWorld>;
