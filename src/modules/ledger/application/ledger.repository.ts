import type { Money } from '../../../shared/money/money.js';
import type { AccountBalance } from '../domain/account-balance.value-object.js';
import type { JournalDraft } from '../domain/journal.js';
import type { OperationType } from '../domain/ledger-operation.js';

export interface StoredBalance {
  accountId: string;
  clientId: string;
  balance: AccountBalance;
  updatedAt: Date;
}

export interface LedgerEntryView {
  transactionId: string | null;
  accountId: string;
  operationType: string;
  amount: string;
  status: string;
  availableBefore: string;
  availableAfter: string;
  blockedBefore: string;
  blockedAfter: string;
  createdAt: Date;
}

/** One entry of an account as its statement reads it: what one operation did to the account's buckets. */
export interface AccountEntry {
  /** The entry's own id (`ledger_entries.id`): stable, unique, so an import can tell entries apart. */
  id: string;
  transactionId: string | null;
  operation: OperationType;
  amount: Money;
  before: AccountBalance;
  after: AccountBalance;
  at: Date;
}

export interface LedgerVerification {
  balanced: boolean;
  journalsChecked: number;
  accountsChecked: number;
  unbalancedJournals: string[];
  mismatchedAccounts: string[];
  /**
   * End-to-end ids of on-us flows (both payer and receiver are accounts here) whose postings leave money
   * in the settlement account: money that left one client and reached no other.
   */
  strandedOnUs: string[];
}

/** Port to the stored ledger: locked balances, journals, entries and the invariant check. */
export abstract class LedgerRepository {
  abstract openAccount(accountId: string, clientId: string): Promise<void>;
  /** Loads and row-locks the balances (in a stable order, so concurrent movements cannot deadlock). */
  abstract lockBalances(accountIds: string[]): Promise<Map<string, AccountBalance>>;
  /** Row-locks, without waiting, those of the balances no other transaction holds now; answers their ids. */
  abstract lockFreeBalances(accountIds: string[]): Promise<string[]>;
  abstract saveJournal(transactionId: string | null, description: string, draft: JournalDraft): Promise<string>;
  abstract findBalance(accountId: string): Promise<StoredBalance | null>;
  abstract entriesForTransactions(transactionIds: string[]): Promise<LedgerEntryView[]>;
  /**
   * The account's balance at each instant: after every entry written before it (`created_at < instant`), zero
   * before its first entry. The one query of "the balance at an instant" (docs/adr/0221-statements-from-the-ledger.md).
   */
  abstract balancesAt(accountId: string, instants: Date[]): Promise<AccountBalance[]>;
  /**
   * The account's entries written in [from, to), in write order, a batch at a time, through a cursor of the
   * caller's transaction (so only one batch is in memory). Must run inside `UnitOfWork.run`.
   */
  abstract entriesBetween(accountId: string, from: Date, to: Date): AsyncIterable<AccountEntry[]>;
  /** The whole-journal check; `ownIspb` tells which payments were on-us (their receiver is at this institution). */
  abstract verify(ownIspb: string): Promise<LedgerVerification>;
}
