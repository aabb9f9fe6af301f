import type { RefundCode } from '../../../shared/domain/refund-code.js';
import type { Money } from '../../../shared/money/money.js';
import type { Reversal } from '../domain/reversal.aggregate.js';

export interface ReversalFilter {
  clientId: string;
  createdAfter?: Date;
  createdBefore?: Date;
  /** The original payment's end-to-end id. */
  endToEndId?: string;
  /** Any of these original payments' end-to-end ids. */
  endToEndIds?: readonly string[];
  externalId?: string;
  limit: number;
}

/** Port to stored reversals; writes join the caller's unit of work. */
export abstract class ReversalRepository {
  abstract insert(reversal: Reversal): Promise<void>;
  abstract update(reversal: Reversal): Promise<void>;
  /** Row-locked until the transaction ends. */
  abstract lock(id: string): Promise<Reversal | null>;
  abstract findById(id: string): Promise<Reversal | null>;
  /** Newest first, at most `limit`. */
  abstract list(filter: ReversalFilter): Promise<Reversal[]>;
  /**
   * What a client's reversals of one received payment (its end-to-end id) with this code give back, failed
   * ones aside (they gave nothing back).
   */
  abstract refundedWithCode(clientId: string, originalEndToEndId: string, refundCode: RefundCode): Promise<Money>;
  /** Ids of reversals still queued or processing whose last change is older than `before`. */
  abstract unfinishedBefore(before: Date, limit: number): Promise<string[]>;
}
