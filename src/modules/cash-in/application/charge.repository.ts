import type { Charge } from '../domain/charge.aggregate.js';

/** Port to stored charges. Writes join the caller's unit of work. */
export abstract class ChargeRepository {
  /** Inserts; a txid already taken throws (the caller draws txids at random: a clash is a bug or astronomically rare). */
  abstract insert(charge: Charge): Promise<void>;
  abstract update(charge: Charge): Promise<void>;
  /** The charge, row-locked until the transaction ends; null when there is none. */
  abstract lock(id: string): Promise<Charge | null>;
  /** Read without a lock (answers and QR payloads). */
  abstract findById(id: string): Promise<Charge | null>;
  /**
   * Up to `limit` pending charges whose expiry is at or before `now`, row-locked with SKIP LOCKED so
   * several sweepers never take the same charge.
   */
  abstract lockLapsed(now: Date, limit: number): Promise<Charge[]>;
}
