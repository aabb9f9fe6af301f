import type { MedRequest, MedStatus } from '../domain/med-request.aggregate.js';

/** Port to stored MED requests. Writes join the caller's unit of work. */
export abstract class MedRequestRepository {
  /** Inserts; a second request for the same payment throws MED_ALREADY_EXISTS (unique index). */
  abstract insert(med: MedRequest): Promise<void>;
  abstract update(med: MedRequest): Promise<void>;
  /** The request, row-locked until the transaction ends; null when there is none. */
  abstract lock(id: string): Promise<MedRequest | null>;
  /** Whether the payment already has a request (any status). */
  abstract existsForTransaction(transactionId: string): Promise<boolean>;
  /** One page of a client's requests in one status, newest first, and how many there are (up to PAGE_TOTAL_CAP). */
  abstract list(clientId: string, status: MedStatus, limit: number, offset: number): Promise<{ items: MedRequest[]; total: number }>;
  /**
   * Up to `limit` active requests with something due at `now` (OPEN since `holdCutoff` or earlier: the
   * hold's time ended; or past `respond_by`),
   * row-locked with SKIP LOCKED so several sweepers (and an answer in flight) never take the same one.
   */
  abstract lockDue(now: Date, holdCutoff: Date, limit: number): Promise<MedRequest[]>;
  /** Approved requests whose return to another institution is still on its way since before `before` (the reconciliation sweep). */
  abstract returnsUnfinishedBefore(before: Date, limit: number): Promise<string[]>;
}
