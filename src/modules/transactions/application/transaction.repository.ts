import type { Transaction, TransactionStatus, TransactionType } from '../domain/transaction.aggregate.js';

export interface TransactionFilter {
  clientId: string;
  type?: TransactionType;
  status?: TransactionStatus;
  endToEndId?: string;
  reference?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface UsageQuery {
  accountId: string;
  types: TransactionType[];
  statuses: TransactionStatus[];
  from: Date;
  to: Date;
}

/** Port to stored transactions. */
export abstract class TransactionRepository {
  /** Inserts; a second external_id for the same client and type throws DUPLICATE_EXTERNAL_ID. */
  abstract insert(tx: Transaction): Promise<void>;
  abstract update(tx: Transaction): Promise<void>;
  abstract findById(id: string): Promise<Transaction | null>;
  /** Loads with a row lock, inside the caller's transaction. */
  abstract findByIdForUpdate(id: string): Promise<Transaction | null>;
  abstract findByEndToEndId(clientId: string, endToEndId: string, type?: TransactionType): Promise<Transaction | null>;
  /** Sum of `amount` (as a decimal string) over the matching transactions; "0" when none. */
  /** Sum of the matching transactions' amounts; a `returned` one counts net of the returns credited for it. */
  abstract sumAmounts(q: UsageQuery): Promise<string>;
  abstract list(filter: TransactionFilter): Promise<{ items: Transaction[]; total: number }>;
}
