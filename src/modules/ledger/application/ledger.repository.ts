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

/**
 * A fixed point in one account's chain of entries, taken in one statement: the last entry written then, and the
 * balances at some instants counting entries up to it. Entries up to `upToSeq` never change and, as one account's
 * entries are written under its balance row's lock, every one of them had committed when the cut was taken; so
 * pages read later, each in a statement of its own, agree with the cut's balances while payments go on
 * (docs/adr/0239-statements-read-in-pages-from-a-cut.md).
 */
export interface ChainCut {
  /** `ledger_entries.seq` of the account's last entry at the cut ('0' when it had none). */
  upToSeq: string;
  /** The balance at each instant asked, after the entries up to the cut written before it. */
  balances: AccountBalance[];
}

/** Where a page of an account's entries starts: after the entry of this instant (text, to the microsecond) and seq. */
export interface EntryPageKey {
  at: string;
  seq: string;
}

/** One page of an account's entries, and the key of the next page (null: this was the last). */
export interface EntryPage {
  entries: AccountEntry[];
  next: EntryPageKey | null;
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
  /** The account's chain as it is now, with its balances at `instants` (see ChainCut); one statement. */
  abstract cutChain(accountId: string, instants: Date[]): Promise<ChainCut>;
  /**
   * Up to `limit` of the account's entries written in [from, to), up to the cut, after `after` (null: from the
   * start of the period), in write order; one statement, keyed on (created_at, seq), so a page costs the same
   * wherever it lies in the account's history.
   */
  abstract entriesPage(
    accountId: string,
    period: { from: Date; to: Date },
    upToSeq: string,
    after: EntryPageKey | null,
    limit: number,
  ): Promise<EntryPage>;
  /** The whole-journal check; `ownIspb` tells which payments were on-us (their receiver is at this institution). */
  abstract verify(ownIspb: string): Promise<LedgerVerification>;
}
