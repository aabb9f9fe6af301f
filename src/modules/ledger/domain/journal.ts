import { Money } from '../../../shared/money/money.js';
import { AccountBalance } from './account-balance.value-object.js';
import { POSTING_RULES, type Bucket, type InternalAccount, type OperationType } from './ledger-operation.js';

/** One requested change to one client account inside a movement. */
export interface MovementLine {
  accountId: string;
  operation: OperationType;
  amount: Money;
}

/** A posting: a signed amount on one bucket of a client account or on an internal account. */
export interface Posting {
  accountId: string | null;
  internalAccount: InternalAccount | null;
  bucket: Bucket;
  amount: Money;
}

/** The client-facing record of one line: operation with before/after figures. */
export interface LedgerEntryDraft {
  accountId: string;
  operation: OperationType;
  amount: Money;
  before: AccountBalance;
  after: AccountBalance;
}

export interface JournalDraft {
  postings: Posting[];
  entries: LedgerEntryDraft[];
  balances: Map<string, AccountBalance>;
}

/**
 * Turns movement lines into balanced postings and new balances. Lines apply in order, so a line may
 * rely on an earlier one (credit then fee). Throws before anything is written if a bucket would go
 * negative.
 */
export function buildJournal(lines: MovementLine[], current: Map<string, AccountBalance>): JournalDraft {
  const balances = new Map(current);
  const postings: Posting[] = [];
  const entries: LedgerEntryDraft[] = [];
  for (const line of lines) {
    const before = balances.get(line.accountId);
    if (!before) throw new Error(`account ${line.accountId} was not loaded`);
    const after = before.apply(line.operation, line.amount);
    balances.set(line.accountId, after);
    entries.push({ ...line, before, after });
    const rule = POSTING_RULES[line.operation];
    let net = Money.zero();
    for (const bucket of ['available', 'blocked'] as const) {
      const sign = rule[bucket];
      if (sign === 0) continue;
      const amount = sign === 1 ? line.amount : line.amount.negated();
      net = net.plus(amount);
      postings.push({ accountId: line.accountId, internalAccount: null, bucket, amount });
    }
    if (rule.counterparty) {
      postings.push({ accountId: null, internalAccount: rule.counterparty, bucket: 'available', amount: net.negated() });
    }
  }
  return { postings, entries, balances };
}

/** True when the postings of one journal sum to zero (double entry). */
export function isBalanced(postings: Posting[]): boolean {
  return postings.reduce((sum, p) => sum.plus(p.amount), Money.zero()).isZero();
}
