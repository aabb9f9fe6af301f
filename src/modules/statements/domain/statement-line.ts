import type { Money } from '../../../shared/money/money.js';

/** An account's two buckets at one moment (docs/conventions.md §6: total = available + blocked). */
export interface Buckets {
  available: Money;
  blocked: Money;
}

/** One ledger entry of the account, as the statement receives it. */
export interface StatementEntry {
  id: string;
  at: Date;
  operation: string;
  transactionId: string | null;
  before: Buckets;
  after: Buckets;
}

/** The payment behind an entry, as the statement shows it (absent for an entry of no payment). */
export interface StatementPayment {
  type: string;
  endToEndId: string | null;
  txid: string | null;
  counterparty: { name: string | null; document: string | null; bank?: { ispb: string } | null } | null;
}

/**
 * One line of a statement: one ledger entry. `amount` is what the entry did to the total balance (signed:
 * credits up, debits, fees and captures down, holds and MED blocks zero), so the amounts of a period add up
 * to its closing less its opening balance; `availableChange` and `blockedChange` show what a hold or a MED
 * block moved between the buckets (docs/adr/0221-statements-from-the-ledger.md).
 */
export interface StatementLine {
  entryId: string;
  at: Date;
  operation: string;
  transactionId: string | null;
  transactionType: string | null;
  endToEndId: string | null;
  txid: string | null;
  counterpartyName: string | null;
  counterpartyDocument: string | null;
  counterpartyIspb: string | null;
  amount: Money;
  availableChange: Money;
  blockedChange: Money;
  /** The running balance: the account's buckets right after this entry. */
  after: Buckets;
}

export const totalOf = (b: Buckets): Money => b.available.plus(b.blocked);

export function statementLine(entry: StatementEntry, payment: StatementPayment | undefined): StatementLine {
  const availableChange = entry.after.available.minus(entry.before.available);
  const blockedChange = entry.after.blocked.minus(entry.before.blocked);
  return {
    entryId: entry.id,
    at: entry.at,
    operation: entry.operation,
    transactionId: entry.transactionId,
    transactionType: payment?.type ?? null,
    endToEndId: payment?.endToEndId ?? null,
    txid: payment?.txid ?? null,
    counterpartyName: payment?.counterparty?.name ?? null,
    counterpartyDocument: payment?.counterparty?.document ?? null,
    counterpartyIspb: payment?.counterparty?.bank?.ispb ?? null,
    amount: availableChange.plus(blockedChange),
    availableChange,
    blockedChange,
    after: entry.after,
  };
}

/** What a statement says of itself: whose account, which period, and the ledger's balances at both ends. */
export interface StatementHeading {
  institution: { ispb: string; name: string };
  account: { id: string; branch: string; number: string };
  /** São Paulo calendar days, both included. */
  dateFrom: string;
  dateTo: string;
  /** The period's instants: its first, and the first after it. */
  start: Date;
  end: Date;
  opening: Buckets;
  closing: Buckets;
  generatedAt: Date;
}

/** A statement file format: written as a head, one piece per line, and a tail, so it can be streamed. */
export interface StatementFormat {
  readonly contentType: string;
  readonly extension: string;
  head(h: StatementHeading): string;
  line(l: StatementLine): string;
  tail(h: StatementHeading): string;
}
