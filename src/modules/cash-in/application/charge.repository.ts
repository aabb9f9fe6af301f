import type { Charge, ChargeStatus } from '../domain/charge.aggregate.js';

/** What the charge list asks for: the client's own charges, narrowed by any of the rest (all bounds inclusive). */
export interface ChargeFilter {
  clientId: string;
  /** As of `asOf` (docs/adr/0224-the-charge-list.md): a pending charge past its expiry is `expired`, not `pending`. */
  status?: ChargeStatus;
  asOf: Date;
  createdFrom?: Date;
  createdTo?: Date;
  txid?: string;
  reference?: string;
  /** Calendar days (YYYY-MM-DD) of a due-date charge's due date; an immediate charge has none and never matches. */
  dueDateFrom?: string;
  dueDateTo?: string;
  /** The expected payer's CPF or CNPJ, exactly (API Pix `GET /cob?cpf=`); a charge naming no payer never matches. */
  payerDocument?: string;
  /** Immediate charges only (API Pix `cob`) or due-date charges only (`cobv`); absent: both (the client API). */
  kind?: 'immediate' | 'dueDate';
  /**
   * API Pix `locationPresente`: true, charges served at a location now (their own, or the API Pix location they
   * were issued at while it still links them); false, charges whose API Pix location was unlinked since
   * (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
   */
  locationPresent?: boolean;
  limit: number;
  offset: number;
}

/** Port to stored charges. Writes join the caller's unit of work. */
export abstract class ChargeRepository {
  /**
   * Inserts. A txid is unique per client (API Pix, `TxId`: "único por CPF/CNPJ do usuário recebedor"): one
   * the client already used throws TXID_IN_USE (a caller's own txid may clash; a drawn one practically never).
   */
  abstract insert(charge: Charge): Promise<void>;
  abstract update(charge: Charge): Promise<void>;
  /** The charge, row-locked until the transaction ends; null when there is none. */
  abstract lock(id: string): Promise<Charge | null>;
  /** Read without a lock (answers and QR payloads). */
  abstract findById(id: string): Promise<Charge | null>;
  /**
   * The charge served at the payload location `key` (the `<key>` of `/qr/v2/<key>`): the charge linked to the
   * API Pix location with that token, or the charge with that id if it was issued at no such location; null: none.
   */
  abstract findServedAt(key: string): Promise<Charge | null>;
  /** One client's charge by its txid, read without a lock; null when the client has none with it. */
  abstract findByTxid(clientId: string, txid: string): Promise<Charge | null>;
  /**
   * Up to `limit` pending charges whose expiry is at or before `now`, row-locked with SKIP LOCKED so
   * several sweepers never take the same charge.
   */
  abstract lockLapsed(now: Date, limit: number): Promise<Charge[]>;
  /**
   * One page of the filter's charges, newest first (`created_at DESC, id DESC`, so pages neither skip nor
   * repeat), and how many match, counted up to PAGE_TOTAL_CAP.
   */
  abstract list(filter: ChargeFilter): Promise<{ items: Charge[]; total: number }>;
}
