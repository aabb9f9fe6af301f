import { Injectable } from '@nestjs/common';
import type { Money } from '../../../shared/money/money.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { buildJournal, isBalanced, type MovementLine } from '../domain/journal.js';
import type { AccountBalance } from '../domain/account-balance.value-object.js';
import {
  LedgerRepository,
  type AccountEntry,
  type ChainCut,
  type EntryPageKey,
  type LedgerEntryView,
  type StoredBalance,
} from './ledger.repository.js';

// The vocabulary other modules need to read an account's history (its public API; the domain stays inside).
export type { AccountBalance } from '../domain/account-balance.value-object.js';
export type { OperationType } from '../domain/ledger-operation.js';
export type { AccountEntry, ChainCut } from './ledger.repository.js';

/** Entries per page of a statement's read: enough to amortize a round trip, few enough that turning a page into text (~20 ms) keeps the event loop turning for payments. */
export const ENTRY_PAGE = 500;

export interface Movement {
  /** The business transaction the movement belongs to (shown as its ledger_entries). */
  transactionId: string | null;
  description: string;
  lines: MovementLine[];
}

/**
 * The ledger's public face for other modules. `post` joins the caller's transaction, locks the
 * accounts it touches and writes balanced postings, or throws (e.g. INSUFFICIENT_FUNDS) having
 * written nothing.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly repo: LedgerRepository,
    private readonly uow: UnitOfWork,
  ) {}

  openAccount(accountId: string, clientId: string): Promise<void> {
    return this.repo.openAccount(accountId, clientId);
  }

  async post(movement: Movement): Promise<void> {
    await this.postAll([movement]);
  }

  /**
   * Posts several journals in one go. Every account they touch is locked first, in one sorted
   * order, so two movements in opposite directions (A->B, B->A) cannot deadlock.
   */
  async postAll(movements: Movement[]): Promise<void> {
    await this.uow.run(async () => {
      const ids = [...new Set(movements.flatMap((m) => m.lines.map((l) => l.accountId)))];
      let balances = await this.repo.lockBalances(ids);
      for (const movement of movements) {
        const draft = buildJournal(movement.lines, balances);
        if (!isBalanced(draft.postings)) throw new Error('unbalanced journal');
        await this.repo.saveJournal(movement.transactionId, movement.description, draft);
        balances = draft.balances;
      }
    });
  }

  /**
   * Row-locks one account's balance until the caller's transaction ends and returns its buckets, for a
   * movement whose amount depends on them (a MED block takes min(claim, available)). Joins the caller's
   * unit of work; a later `post` on the account in the same transaction finds the lock already held.
   */
  async lockBalance(accountId: string): Promise<{ available: Money; blocked: Money }> {
    return this.uow.run(async () => {
      const balance = (await this.repo.lockBalances([accountId])).get(accountId);
      if (!balance) throw new Error(`ledger account ${accountId} does not exist`);
      return { available: balance.available, blocked: balance.blocked };
    });
  }

  /**
   * Row-locks, without waiting, those of the accounts' balances that no other transaction holds now, until
   * the caller's transaction ends; answers their ids. A `postAll` on them in the same transaction finds the
   * locks already held. For work that may leave the busy accounts for later (a settlement batch).
   */
  async lockFree(accountIds: string[]): Promise<Set<string>> {
    return this.uow.run(async () => new Set(await this.repo.lockFreeBalances(accountIds)));
  }

  balanceOf(accountId: string): Promise<StoredBalance | null> {
    return this.repo.findBalance(accountId);
  }

  /**
   * The account's balance at each instant, after every entry written before it: the one definition of "the
   * balance at an instant", which a statement's opening and closing balances and the daily balance history
   * both read, so they agree by construction (docs/adr/0221-statements-from-the-ledger.md).
   */
  balancesAt(accountId: string, instants: Date[]): Promise<AccountBalance[]> {
    return instants.length === 0 ? Promise.resolve([]) : this.repo.balancesAt(accountId, instants);
  }

  /** The account's chain as it is now and its balances at `instants`, read together (see ChainCut). */
  cutChain(accountId: string, instants: Date[]): Promise<ChainCut> {
    return this.repo.cutChain(accountId, instants);
  }

  /**
   * The account's entries written in [from, to) up to `cut`, in write order, a page at a time. Each page is a
   * statement of its own, outside any transaction, read only when the caller asks for it: between pages this
   * holds no connection, however long the caller takes (docs/adr/0239-statements-read-in-pages-from-a-cut.md).
   */
  async *entriesUpTo(accountId: string, from: Date, to: Date, cut: ChainCut): AsyncIterable<AccountEntry[]> {
    if (this.uow.inTransaction()) throw new Error('entriesUpTo reads outside any transaction: a slow reader must hold no connection');
    let after: EntryPageKey | null = null;
    do {
      const page = await this.repo.entriesPage(accountId, { from, to }, cut.upToSeq, after, ENTRY_PAGE);
      if (page.entries.length > 0) yield page.entries;
      after = page.next;
    } while (after);
  }

  entriesFor(transactionIds: string[]): Promise<LedgerEntryView[]> {
    return transactionIds.length === 0 ? Promise.resolve([]) : this.repo.entriesForTransactions(transactionIds);
  }
}
