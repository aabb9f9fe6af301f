import type { CashOut } from '../domain/cash-out.aggregate.js';

/** Port to stored cash-outs. */
export abstract class CashOutRepository {
  abstract insert(cashOut: CashOut): Promise<void>;
  /** Writes the state a settlement step changed (status, failure, return, timestamps), nothing else. */
  abstract update(cashOut: CashOut): Promise<void>;
  abstract findById(id: string): Promise<CashOut | null>;
  abstract findByEndToEndId(endToEndId: string): Promise<CashOut | null>;
  /** Loads with a row lock inside the caller's transaction. */
  abstract lock(id: string): Promise<CashOut | null>;
  /** Loads several with their row locks, taken in id order (so two callers never lock them crosswise); missing ids are left out. */
  abstract lockMany(ids: string[]): Promise<CashOut[]>;
  /** Ids of cash-outs still `queued` or `processing` whose last change is older than `before`, oldest first. */
  abstract unfinishedBefore(before: Date, limit: number): Promise<string[]>;
}
