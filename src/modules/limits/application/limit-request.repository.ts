import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import type { LimitRequest, LimitRequestStatus } from '../domain/limit-request.aggregate.js';

/** Narrows which overdue pending requests an expiry pass claims. */
export interface DueFilter {
  id?: string;
  clientId?: string;
  accountId?: string;
  type?: LimitType;
  period?: LimitPeriod;
}

export interface ClaimOptions {
  /** Skip rows another transaction holds (sweeps, reads) instead of waiting for them (creation). */
  skipLocked: boolean;
  limit: number;
}

/** Port to stored limit change requests. */
export abstract class LimitRequestRepository {
  /** Inserts; a second pending request for the same account, type and period throws PENDING_REQUEST_EXISTS. */
  abstract insert(r: LimitRequest): Promise<void>;
  abstract save(r: LimitRequest): Promise<void>;
  abstract findById(id: string): Promise<LimitRequest | null>;
  abstract findByIdForUpdate(id: string): Promise<LimitRequest | null>;
  /** Locks pending requests whose expires_at is at or before `now`, oldest deadline first. */
  abstract claimDue(filter: DueFilter, now: Date, opts: ClaimOptions): Promise<LimitRequest[]>;
  /** The client's pending requests that have not reached expires_at, oldest first. */
  abstract listPending(clientId: string, now: Date, accountId?: string): Promise<LimitRequest[]>;
  /** All clients' requests in `status` (pending ones only while unexpired), for administrators. */
  abstract listByStatus(status: LimitRequestStatus, now: Date, limit: number, offset: number): Promise<LimitRequest[]>;
}
