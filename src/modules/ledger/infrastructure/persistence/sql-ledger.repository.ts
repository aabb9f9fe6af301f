import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { Clock } from '../../../../shared/time/clock.js';
import { AccountBalance } from '../../domain/account-balance.value-object.js';
import type { JournalDraft } from '../../domain/journal.js';
import type { OperationType } from '../../domain/ledger-operation.js';
import {
  LedgerRepository,
  type ChainCut,
  type EntryPage,
  type EntryPageKey,
  type LedgerEntryView,
  type LedgerVerification,
  type StoredBalance,
} from '../../application/ledger.repository.js';

/** A ledger_entries row as entriesForTransactions selects it: money as text. */
interface EntryRow {
  transaction_id: string | null;
  account_id: string;
  operation_type: string;
  amount: string;
  status: string;
  available_before: string;
  available_after: string;
  blocked_before: string;
  blocked_after: string;
  created_at: Date;
}

/** A ledger_entries row as entriesPage fetches it: money as text, and its page key. */
interface AccountEntryRow {
  id: string;
  transaction_id: string | null;
  operation_type: string;
  amount: string;
  available_before: string;
  available_after: string;
  blocked_before: string;
  blocked_after: string;
  created_at: Date;
  /** created_at as Postgres writes it, to the microsecond (a Date keeps milliseconds). */
  at_key: string;
  seq: string;
}

@Injectable()
export class SqlLedgerRepository extends LedgerRepository {
  constructor(
    private readonly sql: SqlSession,
    private readonly clock: Clock,
  ) {
    super();
  }

  async openAccount(accountId: string, clientId: string): Promise<void> {
    // updated_at takes its column default, now().
    await this.sql.write(`INSERT INTO ledger_accounts (id, client_id, available, blocked) VALUES ($1, $2, $3, $4)`, [
      accountId,
      clientId,
      Money.zero().toFixed6(),
      Money.zero().toFixed6(),
    ]);
  }

  async lockBalances(accountIds: string[]): Promise<Map<string, AccountBalance>> {
    // Plain SQL on the hot path: one round trip, no entity hydration. Sorted by id, so two movements
    // over the same accounts always lock them in the same order.
    const rows = await this.sql.read<{ id: string; available: string; blocked: string }>(
      `SELECT id, available::text, blocked::text FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [accountIds],
    );
    if (rows.length !== new Set(accountIds).size) throw new DomainError('ACCOUNT_NOT_FOUND', 'Ledger account not found');
    return new Map(rows.map((r) => [r.id, new AccountBalance(Money.of(r.available), Money.of(r.blocked))]));
  }

  /**
   * SKIP LOCKED: a settlement batch takes the balances that are free now and leaves the others to be
   * settled one by one, instead of holding every balance it has locked while it waits for the next one.
   */
  async lockFreeBalances(accountIds: string[]): Promise<string[]> {
    const rows = await this.sql.read<{ id: string }>(
      `SELECT id FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED`,
      [accountIds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The journal, its postings, its entries and the new balances in ONE statement (data-modifying CTEs
   * all run, in one snapshot). The journal's id is made here, so the statement needs no answer.
   *
   * It is sent and not awaited: it travels with the transaction's next statements or its COMMIT, so the balance
   * rows locked by `lockBalances` are held one round trip less
   * (docs/adr/0086-statements-travel-together-pipeline-mode.md). It carries no refusal: the balances were computed
   * under that lock and a movement's refusals (INSUFFICIENT_FUNDS) were decided before it. Its only possible
   * failure is a broken invariant (docs/adr/0045-database-guards-what-code-guards.md); that error fails the next
   * awaited statement and the commit, as SqlSession promises, and nothing of the transaction is kept.
   */
  saveJournal(transactionId: string | null, description: string, draft: JournalDraft): Promise<string> {
    const { postings, entries } = draft;
    const balances = [...draft.balances];
    const journalId = randomUUID();
    // The entries' instant is the service's clock, read now that the accounts are locked (lockBalances came
    // first), and never earlier than the account's last entry: an account's entries in `seq` order are also in
    // time order, so the balance at an instant is a prefix of its chain (docs/adr/0221-statements-from-the-ledger.md).
    const at = this.clock.now();
    void this.sql.write(
      `WITH j AS (
         INSERT INTO journals (id, transaction_id, description) VALUES ($17, $1, $2) RETURNING id
       ), p AS (
         INSERT INTO postings (journal_id, account_id, internal_account, bucket, amount)
         SELECT j.id, x.account_id, x.internal_account, x.bucket, x.amount
         FROM j, unnest($3::uuid[], $4::varchar[], $5::varchar[], $6::numeric[]) WITH ORDINALITY
              AS x(account_id, internal_account, bucket, amount, n)
         ORDER BY x.n
       ), e AS (
         INSERT INTO ledger_entries (journal_id, transaction_id, account_id, operation_type, amount, status,
                                     available_before, available_after, blocked_before, blocked_after, created_at)
         SELECT j.id, $1, x.account_id, x.operation, x.amount, 'posted', x.ab, x.aa, x.bb, x.ba,
                GREATEST($18::timestamptz, (SELECT max(l.created_at) FROM ledger_entries l WHERE l.account_id = x.account_id))
         FROM j, unnest($7::uuid[], $8::varchar[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[])
              WITH ORDINALITY AS x(account_id, operation, amount, ab, aa, bb, ba, n)
         ORDER BY x.n
       ), u AS (
         UPDATE ledger_accounts a SET available = x.available, blocked = x.blocked, updated_at = now()
         FROM unnest($14::uuid[], $15::numeric[], $16::numeric[]) AS x(id, available, blocked)
         WHERE a.id = x.id
       )
       SELECT id FROM j`,
      [
        transactionId,
        description.slice(0, 200),
        postings.map((p) => p.accountId),
        postings.map((p) => p.internalAccount),
        postings.map((p) => p.bucket),
        postings.map((p) => p.amount.toFixed6()),
        entries.map((e) => e.accountId),
        entries.map((e) => e.operation),
        entries.map((e) => e.amount.toFixed6()),
        entries.map((e) => e.before.available.toFixed6()),
        entries.map((e) => e.after.available.toFixed6()),
        entries.map((e) => e.before.blocked.toFixed6()),
        entries.map((e) => e.after.blocked.toFixed6()),
        balances.map(([id]) => id),
        balances.map(([, b]) => b.available.toFixed6()),
        balances.map(([, b]) => b.blocked.toFixed6()),
        journalId,
        at,
      ],
    );
    return Promise.resolve(journalId);
  }

  async findBalance(accountId: string): Promise<StoredBalance | null> {
    // The balance read: plain SQL, one primary-key probe.
    const [row] = await this.sql.read<{ id: string; client_id: string; available: string; blocked: string; updated_at: Date }>(
      `SELECT id, client_id, available::text, blocked::text, updated_at FROM ledger_accounts WHERE id = $1`,
      [accountId],
    );
    if (!row) return null;
    return {
      accountId: row.id,
      clientId: row.client_id,
      balance: new AccountBalance(Money.of(row.available), Money.of(row.blocked)),
      updatedAt: row.updated_at,
    };
  }

  async entriesForTransactions(transactionIds: string[]): Promise<LedgerEntryView[]> {
    // In write order: a credit and its fee share their instant, and `seq` keeps the credit first.
    const rows = await this.sql.read<EntryRow>(
      `SELECT transaction_id, account_id, operation_type, amount::text, status, available_before::text, available_after::text,
              blocked_before::text, blocked_after::text, created_at
       FROM ledger_entries WHERE transaction_id = ANY($1::uuid[])
       ORDER BY created_at ASC, seq ASC`,
      [transactionIds],
    );
    return rows.map((r) => ({
      transactionId: r.transaction_id,
      accountId: r.account_id,
      operationType: r.operation_type,
      amount: Money.of(r.amount).toFixed6(),
      status: r.status,
      availableBefore: Money.of(r.available_before).toFixed6(),
      availableAfter: Money.of(r.available_after).toFixed6(),
      blockedBefore: Money.of(r.blocked_before).toFixed6(),
      blockedAfter: Money.of(r.blocked_after).toFixed6(),
      createdAt: r.created_at,
    }));
  }

  async balancesAt(accountId: string, instants: Date[]): Promise<AccountBalance[]> {
    // One backward probe of (account_id, created_at, seq) per instant: the last entry written before it.
    const rows = await this.sql.read<{ available: string | null; blocked: string | null }>(
      `SELECT e.available_after::text AS available, e.blocked_after::text AS blocked
       FROM unnest($2::timestamptz[]) WITH ORDINALITY AS i(at, n)
       LEFT JOIN LATERAL (
         SELECT available_after, blocked_after FROM ledger_entries
         WHERE account_id = $1 AND created_at < i.at
         ORDER BY created_at DESC, seq DESC LIMIT 1
       ) e ON true
       ORDER BY i.n`,
      [accountId, instants],
    );
    return rows.map((r) =>
      r.available === null ? AccountBalance.empty() : new AccountBalance(Money.of(r.available), Money.of(r.blocked!)),
    );
  }

  async cutChain(accountId: string, instants: Date[]): Promise<ChainCut> {
    // One statement, so the cut and the balances are of one snapshot: the account's last entry, then for each
    // instant the last entry before it among those up to that one (the same backward probe as balancesAt).
    const rows = await this.sql.read<{ up_to: string | null; available: string | null; blocked: string | null }>(
      `WITH cut AS (
         SELECT seq FROM ledger_entries WHERE account_id = $1 ORDER BY created_at DESC, seq DESC LIMIT 1
       )
       SELECT (SELECT seq::text FROM cut) AS up_to, e.available_after::text AS available, e.blocked_after::text AS blocked
       FROM unnest($2::timestamptz[]) WITH ORDINALITY AS i(at, n)
       LEFT JOIN LATERAL (
         SELECT available_after, blocked_after FROM ledger_entries
         WHERE account_id = $1 AND created_at < i.at AND seq <= (SELECT seq FROM cut)
         ORDER BY created_at DESC, seq DESC LIMIT 1
       ) e ON true
       ORDER BY i.n`,
      [accountId, instants],
    );
    return {
      upToSeq: rows[0]?.up_to ?? '0',
      balances: rows.map((r) =>
        r.available === null ? AccountBalance.empty() : new AccountBalance(Money.of(r.available), Money.of(r.blocked!)),
      ),
    };
  }

  async entriesPage(
    accountId: string,
    period: { from: Date; to: Date },
    upToSeq: string,
    after: EntryPageKey | null,
    limit: number,
  ): Promise<EntryPage> {
    // The first page starts after (from, 0): seq numbers start at 1. The row comparison is an index condition of
    // (account_id, created_at, seq), so each page starts where the last ended, never rescanning what came before.
    const rows = await this.sql.read<AccountEntryRow>(
      `SELECT id, transaction_id, operation_type, amount::text, available_before::text, available_after::text,
              blocked_before::text, blocked_after::text, created_at, created_at::text AS at_key, seq::text
       FROM ledger_entries
       WHERE account_id = $1 AND (created_at, seq) > ($2::timestamptz, $3::bigint) AND created_at < $4 AND seq <= $5::bigint
       ORDER BY created_at, seq
       LIMIT $6`,
      [accountId, after?.at ?? period.from, after?.seq ?? '0', period.to, upToSeq, limit],
    );
    const last = rows.at(-1);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        transactionId: r.transaction_id,
        operation: r.operation_type as OperationType,
        amount: Money.of(r.amount),
        before: new AccountBalance(Money.of(r.available_before), Money.of(r.blocked_before)),
        after: new AccountBalance(Money.of(r.available_after), Money.of(r.blocked_after)),
        at: r.created_at,
      })),
      next: rows.length === limit && last ? { at: last.at_key, seq: last.seq } : null,
    };
  }

  /** Double entry holds when every journal sums to zero and each stored balance equals its postings. */
  async verify(ownIspb: string): Promise<LedgerVerification> {
    const unbalanced = await this.sql.read<{ journal_id: string }>(
      `SELECT journal_id FROM postings GROUP BY journal_id HAVING SUM(amount) <> 0 LIMIT 100`,
    );
    const mismatched = await this.sql.read<{ id: string }>(`
      SELECT a.id FROM ledger_accounts a
      LEFT JOIN (
        SELECT account_id,
               COALESCE(SUM(amount) FILTER (WHERE bucket = 'available'), 0) AS available,
               COALESCE(SUM(amount) FILTER (WHERE bucket = 'blocked'), 0) AS blocked
        FROM postings WHERE account_id IS NOT NULL GROUP BY account_id
      ) p ON p.account_id = a.id
      WHERE a.available <> COALESCE(p.available, 0) OR a.blocked <> COALESCE(p.blocked, 0)
         OR a.available < 0 OR a.blocked < 0
      LIMIT 100`);
    // An on-us payment (its receiver's institution is this one) moves money between two client accounts:
    // whatever its journals post to the settlement account (the payer's capture, the receiver's credit,
    // under every transaction sharing its end-to-end id) must cancel out.
    const stranded = await this.sql.read<{ end_to_end_id: string }>(
      // Set-based (one pass, hash joins) rather than a subquery per payment, whose plan degrades badly
      // when the statistics lag behind a fast-growing journal.
      `WITH on_us AS (
         SELECT DISTINCT end_to_end_id FROM transactions
         WHERE type IN ('cash_out', 'p2p_out', 'reversal_out', 'med_return') AND status = 'completed'
           AND end_to_end_id IS NOT NULL AND receiver->'bank'->>'ispb' = $1)
       SELECT o.end_to_end_id FROM on_us o
       JOIN transactions t ON t.end_to_end_id = o.end_to_end_id
       JOIN journals j ON j.transaction_id = t.id
       JOIN postings p ON p.journal_id = j.id AND p.internal_account = 'settlement'
       GROUP BY o.end_to_end_id HAVING SUM(p.amount) <> 0
       LIMIT 100`,
      [ownIspb],
    );
    // A COUNT always answers one row.
    const { journals } = (await this.sql.read<{ journals: string }>(`SELECT COUNT(*)::text AS journals FROM journals`))[0]!;
    const { accounts } = (await this.sql.read<{ accounts: string }>(`SELECT COUNT(*)::text AS accounts FROM ledger_accounts`))[0]!;
    return {
      balanced: unbalanced.length === 0 && mismatched.length === 0 && stranded.length === 0,
      journalsChecked: Number(journals),
      accountsChecked: Number(accounts),
      unbalancedJournals: unbalanced.map((r) => r.journal_id),
      mismatchedAccounts: mismatched.map((r) => r.id),
      strandedOnUs: stranded.map((r) => r.end_to_end_id),
    };
  }
}
