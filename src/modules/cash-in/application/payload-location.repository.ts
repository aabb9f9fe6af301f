/** A location's kind: the charges it may serve (API Pix `tipoCob`: `cob` immediate, `cobv` due-date). */
export type LocationKind = 'immediate' | 'dueDate';

/**
 * A client's own payload location (API Pix `POST /loc`): a URL made before its charge, linked to at most one
 * charge at a time (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
 */
export interface PayloadLocation {
  id: number;
  clientId: string;
  /** What its URL ends with (`/qr/v2/<token>`, `/qr/v2/cobv/<token>`). */
  accessToken: string;
  kind: LocationKind;
  /** The charge it serves now, and that charge's txid; null: none. */
  chargeId: string | null;
  txid: string | null;
  createdAt: Date;
}

/** The list's filter (API Pix `GET /loc`), all bounds inclusive. */
export interface LocationFilter {
  clientId: string;
  createdFrom: Date;
  createdTo: Date;
  /** `txIdPresente`: true, linked to a charge now; false, free. */
  linked?: boolean;
  kind?: LocationKind;
  limit: number;
  offset: number;
}

/** Port to stored payload locations. Writes join the caller's unit of work. */
export abstract class PayloadLocationRepository {
  abstract insert(location: Omit<PayloadLocation, 'id' | 'chargeId' | 'txid'>): Promise<PayloadLocation>;
  /** One of the client's locations, with the txid of the charge it serves; null for none (another client's too). */
  abstract find(clientId: string, id: number): Promise<PayloadLocation | null>;
  /** `find` for several ids in one read (a page of charges): the client's locations among them, in no order. */
  abstract findMany(clientId: string, ids: readonly number[]): Promise<PayloadLocation[]>;
  /** Links the location to the charge if it is the client's, of `kind`, and free; false otherwise. */
  abstract link(clientId: string, id: number, kind: LocationKind, chargeId: string): Promise<boolean>;
  /** Frees the location (whatever it served); the location as it is then, or null when the client has none with that id. */
  abstract unlink(clientId: string, id: number): Promise<PayloadLocation | null>;
  /** One page, oldest first, and how many match (counted up to PAGE_TOTAL_CAP). */
  abstract list(filter: LocationFilter): Promise<{ items: PayloadLocation[]; total: number }>;
}
