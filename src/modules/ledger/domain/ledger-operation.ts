/**
 * What a movement does to one client account (docs/conventions.md §6). Each operation has fixed postings:
 * which bucket of the client account moves, and which internal account takes the other side.
 */
export type OperationType = 'credit' | 'debit' | 'hold' | 'capture' | 'release' | 'block' | 'unblock' | 'fee';

export type Bucket = 'available' | 'blocked';
export type InternalAccount = 'settlement' | 'fees';

export interface PostingRule {
  /** Signed effect on the client's buckets: +1 adds the amount, -1 removes it. */
  available: -1 | 0 | 1;
  blocked: -1 | 0 | 1;
  /** Internal account that balances the journal, when money enters or leaves the client account. */
  counterparty: InternalAccount | null;
}

export const POSTING_RULES: Record<OperationType, PostingRule> = {
  credit: { available: 1, blocked: 0, counterparty: 'settlement' },
  debit: { available: -1, blocked: 0, counterparty: 'settlement' },
  hold: { available: -1, blocked: 1, counterparty: null },
  capture: { available: 0, blocked: -1, counterparty: 'settlement' },
  release: { available: 1, blocked: -1, counterparty: null },
  block: { available: -1, blocked: 1, counterparty: null },
  unblock: { available: 1, blocked: -1, counterparty: null },
  fee: { available: -1, blocked: 0, counterparty: 'fees' },
};

export const OPERATION_TYPES = Object.keys(POSTING_RULES) as OperationType[];
