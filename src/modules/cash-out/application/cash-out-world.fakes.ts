import { loadConfig } from '../../../config/app.config.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { FakeMetrics, FakeOutbox, FakeUnitOfWork } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryCharges } from '../../cash-in/application/cash-in.fakes.js';
import { CashInCredits } from '../../cash-in/application/cash-in-credits.js';
import { ChargePayments } from '../../cash-in/application/charge-payments.js';
import { ChargeStore } from '../../cash-in/application/charge-store.js';
import { ChargeQuotes } from '../../cash-in/application/charge-quotes.js';
import { FeePolicy } from '../../fees/application/fee-policy.js';
import { InMemoryFeeSchedules } from '../../fees/application/fees.fakes.js';
import type { AccountWithHolder } from '../../identity/application/account-directory.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import type { DirectoryEntry } from '../../keys/application/key-directory.js';
import { InMemoryKeyDirectory } from '../../keys/application/key-directory.fakes.js';
import { FakeParticipants } from '../../keys/application/keys.fakes.js';
import { inMemoryLookupThrottle } from '../../keys/application/lookup-throttle.fakes.js';
import { InMemoryLedger } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { AccountLimitPolicy } from '../../limits/application/account-limit-policy.service.js';
import { InMemoryAccountLimits } from '../../limits/application/limit-requests.fakes.js';
import { LimitSheets } from '../../limits/application/limit-sheets.service.js';
import { InMemoryLimitUsage } from '../../limits/application/limit-usage.fakes.js';
import { FixedClock, InMemoryQrLookups } from '../../qr-code/application/qr-lookups.fakes.js';
import { StoredPaymentLookups } from '../../qr-code/application/stored-payment-lookups.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { InMemoryTransactions } from '../../transactions/application/transactions.fakes.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { InMemoryCashOuts } from './cash-out.fakes.js';
import { ScriptedSpi } from '../../spi/application/spi.fakes.js';
import { SpiSettlement } from '../../spi/application/spi-settlement.js';
import { CreateCashOutUseCase } from './create-cash-out.use-case.js';
import { ReceiverResolver } from './receiver-resolver.js';
import { ReturnCashOutUseCase } from './return-cash-out.use-case.js';
import { SettleCashOutUseCase } from './settle-cash-out.use-case.js';
import { CashOutStore } from './cash-out-store.js';

/** 12:00 in São Paulo (UTC-3): the daytime limits bind. */
export const NOON = new Date('2026-03-10T15:00:00.000Z');
/** An institution of the participant list other than this one. */
export const BB = { ispb: '00000000', name: 'BCO DO BRASIL S.A.', shortName: 'BCO DO BRASIL S.A.' };

/** Joana's e-mail key, at another institution (BB): paying it goes through the SPI. */
export const JOANA_KEY: DirectoryEntry = {
  keyType: 'EMAIL',
  keyValue: 'joana@example.com',
  ispb: BB.ispb,
  participantName: BB.name,
  branch: '1234',
  accountNumber: '5678901',
  accountType: 'CACC',
  holderName: 'Joana Externa',
  holderDocument: '52998224725',
  personType: 'NATURAL_PERSON',
};

/**
 * The cash-out use cases wired as production wires them, with every port in memory: the real
 * AccountDirectory, ReceiverResolver (with the real LookupThrottle), StoredPaymentLookups,
 * AccountLimitPolicy, LedgerService, TransactionsService and FeePolicy over the in-memory stores of
 * their modules. The unit of work is strict (services that need a transaction refuse to run outside
 * one) and, being a fake, rolls nothing back: a test of a refusal sees what was written before it.
 * The clock stands still at NOON until moved; SPI calls time out after 100 ms.
 */
export function cashOutWorld() {
  const config = loadConfig({ SPI_TIMEOUT_MS: '100' });
  const clock = new FixedClock(NOON);
  const uow = new FakeUnitOfWork({ strict: true });
  const outbox = new FakeOutbox();
  const identity = new InMemoryIdentity();
  const accounts = identity.directory();
  const ledgerStore = new InMemoryLedger(uow, () => clock.now());
  const ledger = new LedgerService(ledgerStore, uow);
  const transactionStore = new InMemoryTransactions();
  const transactions = new TransactionsService(transactionStore);
  const cashOuts = new InMemoryCashOuts();
  const spi = new ScriptedSpi();
  const fees = new InMemoryFeeSchedules();
  const keys = new InMemoryKeyDirectory();
  const participants = new FakeParticipants([BB]);
  const qrLookups = new InMemoryQrLookups();
  const accountLimits = new InMemoryAccountLimits();
  const usage = new InMemoryLimitUsage(() => transactionStore.all().map((t) => t.snapshot));
  const limits = new AccountLimitPolicy(uow, accountLimits, accounts, new LimitSheets(usage));
  const receivers = new ReceiverResolver(keys, participants, accounts, config, inMemoryLookupThrottle(config));
  const lookups = new StoredPaymentLookups(qrLookups, clock);

  const charges = new InMemoryCharges();
  const feePolicy = new FeePolicy(fees);
  const chargeQuotes = new ChargeQuotes(charges, accounts, participants, config);
  const credits = new CashInCredits(feePolicy, config);
  const chargePayments = new ChargePayments(charges, new ChargeStore(charges, transactions), credits, outbox);
  // The one save of a moved cash-out: the cash-out and its `cash_out` line, as in the app.
  const cashOutStore = new CashOutStore(cashOuts, transactions);

  const create = new CreateCashOutUseCase(
    accounts,
    receivers,
    lookups,
    limits,
    ledger,
    transactions,
    cashOuts,
    outbox,
    uow,
    config,
    clock,
    chargeQuotes,
  );
  const metrics = new FakeMetrics();
  const settle = new SettleCashOutUseCase(
    cashOuts,
    cashOutStore,
    transactions,
    ledger,
    new SpiSettlement(spi, config),
    outbox,
    uow,
    clock,
    config,
    credits,
    chargePayments,
    metrics,
  );
  const returns = new ReturnCashOutUseCase(cashOuts, cashOutStore, spi, transactions, ledger, outbox, uow, config, clock);

  return {
    config,
    clock,
    uow,
    outbox,
    identity,
    ledgerStore,
    transactionStore,
    cashOuts,
    spi,
    fees,
    keys,
    qrLookups,
    accountLimits,
    charges,
    metrics,
    create,
    settle,
    returns,

    /** A client of this institution with one account holding `available` (no journal behind it). */
    openAccount(clientId: string, accountId: string, document: string, name: string, available = '0.00'): AccountWithHolder {
      const opened = identity.addAccount(clientId, accountId, document, name);
      ledgerStore.seed(accountId, available, '0', clientId);
      return opened;
    },

    /** The account's buckets as decimal strings. */
    async balance(accountId: string): Promise<{ available: string; blocked: string }> {
      const stored = await ledger.balanceOf(accountId);
      if (!stored) throw new Error(`no ledger account ${accountId}`);
      return { available: stored.balance.available.toFixed2(), blocked: stored.balance.blocked.toFixed2() };
    },

    /** The ledger operations written for a business transaction, in order, as `account operation amount`. */
    ledgerOps(transactionId: string): string[] {
      return ledgerStore.operationsOf(transactionId);
    },

    /** The stored transaction rows (money as decimal strings), in insertion order. */
    transactions() {
      return transactionStore.all().map(({ snapshot: t }) => ({
        ...t,
        amount: t.amount.toFixed2(),
        taxAmount: t.taxAmount.toFixed2(),
        refundedAmount: t.refundedAmount.toFixed2(),
      }));
    },

    /** The stored transaction row `id` (money as decimal strings), or undefined. */
    transaction(id: string) {
      return this.transactions().find((t) => t.id === id);
    },

    /** The stored cash-out `id` (money as decimal strings), or undefined. */
    async cashOut(id: string) {
      const found = await cashOuts.findById(id);
      return found ? cashOutView(found) : undefined;
    },
  };
}

export type CashOutWorld = ReturnType<typeof cashOutWorld>;

/** A cash-out's state with its money as decimal strings, for exact comparisons. */
export function cashOutView(cashOut: CashOut) {
  const c = cashOut.snapshot;
  return { ...c, amount: c.amount.toFixed2(), returnedAmount: c.returnedAmount?.toFixed2() ?? null };
}

/**
 * What `p` was refused with: the error's class, and for a DomainError its code, message and details
 * (`isDomainError` says which). A `p` that resolves fails the test.
 */
export async function refusal(p: Promise<unknown>) {
  const err: unknown = await p.then(
    () => {
      throw new Error('expected a refusal, but it resolved');
    },
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error(`refused with a non-Error: ${String(err)}`);
  if (err instanceof DomainError) {
    return { isDomainError: true, class: err.constructor.name, code: err.code, message: err.message, details: err.details };
  }
  return { isDomainError: false, class: err.constructor.name, message: err.message };
}
