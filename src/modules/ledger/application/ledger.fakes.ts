import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import type { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { AccountBalance } from '../domain/account-balance.value-object.js';
import type { JournalDraft, Posting } from '../domain/journal.js';
import type { OperationType } from '../domain/ledger-operation.js';
import {
  LedgerRepository,
  type ChainCut,
  type EntryPage,
  type EntryPageKey,
  type LedgerEntryView,
  type LedgerVerification,
  type StoredBalance,
} from './ledger.repository.js';

export { FakeUnitOfWork } from '../../../shared/testing/kernel.fakes.js';

export interface StoredJournal {
  id: string;
  transactionId: string | null;
  description: string;
  postings: Posting[];
}

/**
 * In-memory LedgerRepository for unit tests. Like the TypeORM adapter it refuses to lock an unknown
 * account (ACCOUNT_NOT_FOUND), truncates descriptions to 200 characters and writes the journal's
 * postings, entries and new balances in `saveJournal`. It has no transactions: rolling back is the
 * unit of work's job. `calls` records the order of locks and writes.
 */
export class InMemoryLedger extends LedgerRepository {
  readonly accounts = new Map<string, { clientId: string; balance: AccountBalance; updatedAt: Date }>();
  readonly journals: StoredJournal[] = [];
  readonly entries: LedgerEntryView[] = [];

  /** Test helper: the ledger operations written for a business transaction, in order, as `account operation amount`. */
  operationsOf(transactionId: string): string[] {
    return this.entries.filter((e) => e.transactionId === transactionId).map((e) => `${e.accountId} ${e.operationType} ${e.amount}`);
  }
  readonly calls: string[] = [];
  /** Balances given by `seed`, which `verify` counts as opening postings. */
  private readonly opening = new Map<string, AccountBalance>();
  private seq = 0;

  /**
   * With `uow`, locking refuses to run outside `uow.run`, as `SELECT ... FOR UPDATE` outside a
   * transaction would let the lock go at once.
   */
  constructor(
    private readonly uow?: UnitOfWork,
    private readonly now: () => Date = () => new Date('2026-03-10T15:00:00.000Z'),
  ) {
    super();
  }

  /** Test helper: an account with the given balance, written without a journal. */
  seed(accountId: string, available: string, blocked = '0', clientId = `client-of-${accountId}`): void {
    const balance = new AccountBalance(Money.of(available), Money.of(blocked));
    this.accounts.set(accountId, { clientId, balance, updatedAt: this.now() });
    this.opening.set(accountId, balance);
  }

  async openAccount(accountId: string, clientId: string): Promise<void> {
    if (this.accounts.has(accountId)) throw new Error(`duplicate ledger account ${accountId}`);
    this.accounts.set(accountId, { clientId, balance: AccountBalance.empty(), updatedAt: this.now() });
  }

  async lockBalances(accountIds: string[]): Promise<Map<string, AccountBalance>> {
    if (this.uow && !this.uow.inTransaction()) throw new Error('lockBalances must run inside UnitOfWork.run');
    this.calls.push(`lock ${accountIds.join(',')}`);
    // Like `WHERE id IN (...) ORDER BY id`: one row per distinct known id, so a repeated id is a miss too.
    const rows = [...new Set(accountIds)].filter((id) => this.accounts.has(id)).sort();
    if (rows.length !== accountIds.length) throw new DomainError('ACCOUNT_NOT_FOUND', 'Ledger account not found');
    return new Map(rows.map((id) => [id, this.accounts.get(id)!.balance]));
  }

  /** No other transaction holds a lock in memory: every known account is free. */
  async lockFreeBalances(accountIds: string[]): Promise<string[]> {
    if (this.uow && !this.uow.inTransaction()) throw new Error('lockFreeBalances must run inside UnitOfWork.run');
    this.calls.push(`lock free ${accountIds.join(',')}`);
    return [...new Set(accountIds)].filter((id) => this.accounts.has(id)).sort();
  }

  async saveJournal(transactionId: string | null, description: string, draft: JournalDraft): Promise<string> {
    const id = `j${++this.seq}`;
    this.calls.push(`journal ${id} ${description}`);
    this.journals.push({ id, transactionId, description: description.slice(0, 200), postings: [...draft.postings] });
    for (const e of draft.entries) {
      this.entries.push({
        transactionId,
        accountId: e.accountId,
        operationType: e.operation,
        amount: e.amount.toFixed6(),
        status: 'posted',
        availableBefore: e.before.available.toFixed6(),
        availableAfter: e.after.available.toFixed6(),
        blockedBefore: e.before.blocked.toFixed6(),
        blockedAfter: e.after.blocked.toFixed6(),
        createdAt: this.now(),
      });
    }
    for (const [accountId, balance] of draft.balances) {
      const row = this.accounts.get(accountId)!;
      this.accounts.set(accountId, { ...row, balance, updatedAt: this.now() });
    }
    return id;
  }

  async findBalance(accountId: string): Promise<StoredBalance | null> {
    const row = this.accounts.get(accountId);
    return row ? { accountId, clientId: row.clientId, balance: row.balance, updatedAt: row.updatedAt } : null;
  }

  async entriesForTransactions(transactionIds: string[]): Promise<LedgerEntryView[]> {
    this.calls.push(`entries ${transactionIds.join(',')}`);
    return this.entries.filter((e) => e.transactionId !== null && transactionIds.includes(e.transactionId));
  }

  /** The after-figures of the account's last entry before each instant (entries are kept in write order). */
  async balancesAt(accountId: string, instants: Date[]): Promise<AccountBalance[]> {
    return instants.map((at) => {
      const last = this.entries.filter((e) => e.accountId === accountId && e.createdAt < at).at(-1);
      return last ? new AccountBalance(Money.of(last.availableAfter), Money.of(last.blockedAfter)) : AccountBalance.empty();
    });
  }

  /** The account's last entry (its place in write order, from 1) and the balances counting entries up to it. */
  async cutChain(accountId: string, instants: Date[]): Promise<ChainCut> {
    const last = this.entries.findLastIndex((e) => e.accountId === accountId);
    const upTo = this.entries.slice(0, last + 1);
    return {
      upToSeq: String(last + 1),
      balances: instants.map((at) => {
        const e = upTo.filter((x) => x.accountId === accountId && x.createdAt < at).at(-1);
        return e ? new AccountBalance(Money.of(e.availableAfter), Money.of(e.blockedAfter)) : AccountBalance.empty();
      }),
    };
  }

  /** A page of the account's entries up to the cut; its key is the entry's place in write order (seq). */
  async entriesPage(
    accountId: string,
    period: { from: Date; to: Date },
    upToSeq: string,
    after: EntryPageKey | null,
    limit: number,
  ): Promise<EntryPage> {
    this.calls.push(`entries page after ${after?.seq ?? 0}`);
    const mine = this.entries
      .map((e, n) => ({ ...e, seq: n + 1 }))
      .filter((e) => e.accountId === accountId && e.createdAt >= period.from && e.createdAt < period.to)
      .filter((e) => e.seq <= Number(upToSeq) && e.seq > Number(after?.seq ?? 0))
      .slice(0, limit);
    const last = mine.at(-1);
    return {
      entries: mine.map((e) => ({
        id: `entry-${e.seq}`,
        transactionId: e.transactionId,
        operation: e.operationType as OperationType,
        amount: Money.of(e.amount),
        before: new AccountBalance(Money.of(e.availableBefore), Money.of(e.blockedBefore)),
        after: new AccountBalance(Money.of(e.availableAfter), Money.of(e.blockedAfter)),
        at: e.createdAt,
      })),
      next: mine.length === limit && last ? { at: last.createdAt.toISOString(), seq: String(last.seq) } : null,
    };
  }

  /** Every journal sums to zero, and each account's balance equals its postings (seeded balances count as opening postings). */
  async verify(_ownIspb?: string): Promise<LedgerVerification> {
    const sum = (ps: Posting[]) => ps.reduce((s, p) => s.plus(p.amount), Money.zero());
    const unbalancedJournals = this.journals.filter((j) => !sum(j.postings).isZero()).map((j) => j.id);
    const postings = this.journals.flatMap((j) => j.postings);
    const mismatchedAccounts = [...this.accounts.keys()].filter((id) => {
      const mine = postings.filter((p) => p.accountId === id);
      const opening = this.opening.get(id) ?? AccountBalance.empty();
      const available = opening.available.plus(sum(mine.filter((p) => p.bucket === 'available')));
      const blocked = opening.blocked.plus(sum(mine.filter((p) => p.bucket === 'blocked')));
      const stored = this.accounts.get(id)!.balance;
      return !stored.available.eq(available) || !stored.blocked.eq(blocked);
    });
    return {
      balanced: unbalancedJournals.length === 0 && mismatchedAccounts.length === 0,
      journalsChecked: this.journals.length,
      accountsChecked: this.accounts.size,
      unbalancedJournals,
      mismatchedAccounts,
      // The in-memory store keeps no transactions, so it cannot tell an on-us flow.
      strandedOnUs: [],
    };
  }
}

/**
 * Test helpers over an InMemoryLedger for a world's assertions, to spread into the world: `balance`, an
 * account's buckets, and `ledgerOps`, a business transaction's operations, money as decimal strings.
 */
export function ledgerViews(store: InMemoryLedger) {
  return {
    /** The account's buckets as decimal strings. */
    balance(accountId: string): { available: string; blocked: string } {
      const row = store.accounts.get(accountId);
      if (!row) throw new Error(`no ledger account ${accountId}`);
      return { available: row.balance.available.toFixed2(), blocked: row.balance.blocked.toFixed2() };
    },

    /** The ledger operations written for a business transaction, in order, as `account operation amount`. */
    ledgerOps(transactionId: string): string[] {
      return store.operationsOf(transactionId);
    },
  };
}
