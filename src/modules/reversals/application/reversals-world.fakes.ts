import { loadConfig } from '../../../config/app.config.js';
import { FakeOutbox, FakeUnitOfWork, FrozenClock, inMemoryState } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { InMemoryLedger, ledgerViews } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { ListedParticipants } from '../../participants/application/participants.fakes.js';
import { SpiSettlement } from '../../spi/application/spi-settlement.js';
import { ScriptedSpi } from '../../spi/application/spi.fakes.js';
import { TransactionsService, type Party } from '../../transactions/application/transactions.service.js';
import {
  InMemoryTransactions,
  recordReceivedFromElsewhere,
  recordReceivedOnUs,
  transactionViews,
  type StatementHolder,
} from '../../transactions/application/transactions.fakes.js';
import { CreateReversalUseCase } from './create-reversal.use-case.js';
import { ReconcileReversalsUseCase } from './reconcile-reversals.use-case.js';
import { ReversalQueries } from './reversal-queries.js';
import { InMemoryReversals } from './reversals.fakes.js';
import { SettleReversalUseCase } from './settle-reversal.use-case.js';
import { ReversalStore } from './reversal-store.js';

/** 12:00 in São Paulo (UTC-3) on 2026-03-10. */
export const NOON = new Date('2026-03-10T15:00:00.000Z');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** An institution of the participant list other than this one. */
export const BB = { ispb: '00000000', name: 'BCO DO BRASIL S.A.', shortName: 'BCO DO BRASIL S.A.' };

/** The receiver, who gives money back. */
export const ANA = { client: 'client-ana', account: 'acc-ana', document: '39053344705', name: 'Ana Lima' };
/** A client of this institution who paid Ana on-us. */
export const BRUNO = { client: 'client-bruno', account: 'acc-bruno', document: '12345678909', name: 'Bruno Souza' };

/** Joana at BB paid Ana: the payer of an external payment, as Ana's statement recorded her. */
export const JOANA_RECORD: Party = {
  name: 'Joana Externa',
  document: '52998224725',
  bank: { ispb: BB.ispb, participant_name: BB.name, agency: '1234', account: '5678901', account_type: 'checking' },
};
const OWN_BANK = { ispb: '99999004', participant_name: 'Instant Payments Sandbox', agency: '0001', account_type: 'payment' };

/** A payment Ana received from Joana at BB: her `cash_in`. */
export const EXTERNAL = { transactionId: 'tx-from-joana', endToEndId: 'E00000000202603101400EXTERNAL001' };
/** A payment Ana received from Bruno on-us: his `p2p_out`, her `p2p_in`. */
export const ON_US = { payerTransactionId: 'tx-bruno-out', transactionId: 'tx-ana-in', endToEndId: 'E99999004202603101400ONUS0000001' };

/** When the payments above arrived: an hour before NOON. */
export const RECEIVED_AT = new Date(NOON.getTime() - HOUR);

/**
 * The reversal use cases wired as production wires them, every port in memory: the real LedgerService,
 * TransactionsService (over InMemoryTransactions), AccountDirectory and the spi module's real settlement
 * protocol over the scripted SPI. The unit of work is strict and rolls back the ledger, the transaction
 * rows, the reversals and the outbox. The clock stands still at NOON until moved; SPI calls time out after
 * 100 ms. Ana holds 100.00 and Bruno 0.00; `receiveExternal` and `receiveOnUs` record the payments Ana
 * received (her statement only: the balances are seeded).
 */
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
  const ana: StatementHolder = {
    clientId: ANA.client,
    accountId: ANA.account,
    party: { name: ANA.name, document: ANA.document, bank: { ...OWN_BANK, account: '100001' } },
  };
  const bruno: StatementHolder = {
    clientId: BRUNO.client,
    accountId: BRUNO.account,
    party: { name: BRUNO.name, document: BRUNO.document, bank: { ...OWN_BANK, account: '100002' } },
  };

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
    create: new CreateReversalUseCase(transactions, accounts, participants, ledger, reversals, outbox, uow, clock, config),
    settle,
    reconcile: new ReconcileReversalsUseCase(reversals, settle, clock, config),
    queries: new ReversalQueries(reversals),

    ...ledgerViews(ledgerStore),
    ...transactionViews(transactionStore),

    /** Joana (at BB) paid Ana `amount`: Ana's completed cash_in. */
    receiveExternal: (amount = '100.00') =>
      recordReceivedFromElsewhere(transactions, EXTERNAL, { amount, at: RECEIVED_AT, payer: JOANA_RECORD, receiver: ana }),

    /** Bruno paid Ana `amount` on-us: his completed p2p_out, her completed p2p_in. */
    receiveOnUs: (amount = '100.00') => recordReceivedOnUs(transactions, ON_US, { amount, at: RECEIVED_AT, payer: bruno, receiver: ana }),

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
