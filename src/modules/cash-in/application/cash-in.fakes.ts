import { DomainError } from '../../../shared/errors/domain-error.js';
import { Charge } from '../domain/charge.aggregate.js';
import { PAGE_TOTAL_CAP } from '../../../shared/persistence/page-window.js';
import { ChargeRepository, type ChargeFilter } from './charge.repository.js';
import { PayloadLocationRepository, type LocationFilter, type LocationKind, type PayloadLocation } from './payload-location.repository.js';

/**
 * In-memory ChargeRepository for unit tests. Rows are copied in and out (a test sees only what was
 * written); `lock` is a read, since a fake has no concurrency; `lockLapsed` returns pending charges due
 * at `now`, earliest expiry first; `list` orders and filters as the SQL does. A client's second use of a txid is refused, like the unique index.
 */
export class InMemoryCharges extends ChargeRepository {
  private readonly rows = new Map<string, Charge>();

  /** `locations`: which API Pix location serves which charge now (for the list's `locationPresent`). */
  constructor(private readonly locations?: { servesCharge(locationId: number, chargeId: string): boolean }) {
    super();
  }
  private copy = (c: Charge) => Charge.restore({ ...c.snapshot });

  /** Test helper: stores a new pending charge, as CreateChargeUseCase would have issued it. */
  async seed(p: Parameters<typeof Charge.issue>[0]): Promise<Charge> {
    const charge = Charge.issue(p);
    await this.insert(charge);
    return charge;
  }

  async insert(charge: Charge): Promise<void> {
    const c = charge.snapshot;
    if (this.rows.has(c.id)) throw new Error(`duplicate charge ${c.id}`);
    if ([...this.rows.values()].some((r) => r.snapshot.clientId === c.clientId && r.snapshot.txid === c.txid)) {
      throw new DomainError('TXID_IN_USE', `txid ${c.txid} is already used by one of your charges`);
    }
    this.rows.set(c.id, this.copy(charge));
  }

  /** As the table's trigger does, every stored change counts one more revision. */
  async update(charge: Charge): Promise<void> {
    const stored = this.rows.get(charge.snapshot.id);
    if (stored) this.rows.set(charge.snapshot.id, Charge.restore({ ...charge.snapshot, revision: stored.snapshot.revision + 1 }));
  }

  async lock(id: string): Promise<Charge | null> {
    return this.findById(id);
  }

  async findById(id: string): Promise<Charge | null> {
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  /** Charges issued at no API Pix location only (a fake of locations links none): served at their own id. */
  async findServedAt(key: string): Promise<Charge | null> {
    const row = this.rows.get(key);
    return row && row.snapshot.locationId === null ? this.copy(row) : null;
  }

  async findByTxid(clientId: string, txid: string): Promise<Charge | null> {
    const row = [...this.rows.values()].find((r) => r.snapshot.clientId === clientId && r.snapshot.txid === txid);
    return row ? this.copy(row) : null;
  }

  async lockLapsed(now: Date, limit: number): Promise<Charge[]> {
    return [...this.rows.values()]
      .filter((c) => c.isLapsed(now))
      .sort((a, b) => a.snapshot.expiresAt.getTime() - b.snapshot.expiresAt.getTime())
      .slice(0, limit)
      .map(this.copy);
  }

  async list(f: ChargeFilter): Promise<{ items: Charge[]; total: number }> {
    const statusAsOf = (c: Charge) => (c.isLapsed(f.asOf) ? 'expired' : c.status);
    const matching = [...this.rows.values()]
      .map((c) => c.snapshot)
      .filter(
        (c) =>
          c.clientId === f.clientId &&
          (f.status === undefined || statusAsOf(this.rows.get(c.id)!) === f.status) &&
          (f.createdFrom === undefined || c.createdAt >= f.createdFrom) &&
          (f.createdTo === undefined || c.createdAt <= f.createdTo) &&
          (f.txid === undefined || c.txid === f.txid) &&
          (f.reference === undefined || c.reference === f.reference) &&
          (f.dueDateFrom === undefined || (c.terms !== null && c.terms.dueDate >= f.dueDateFrom)) &&
          (f.dueDateTo === undefined || (c.terms !== null && c.terms.dueDate <= f.dueDateTo)) &&
          (f.payerDocument === undefined || c.expectedPayer?.document === f.payerDocument) &&
          (f.kind === undefined || (f.kind === 'dueDate') === (c.terms !== null)) &&
          (f.locationPresent === undefined ||
            (c.locationId === null || (this.locations?.servesCharge(c.locationId, c.id) ?? false)) === f.locationPresent),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return {
      items: matching.slice(f.offset, f.offset + f.limit).map((c) => this.copy(this.rows.get(c.id)!)),
      total: Math.min(matching.length, PAGE_TOTAL_CAP),
    };
  }

  /** Test helper: every stored charge, in insertion order. */
  all(): Charge[] {
    return [...this.rows.values()].map(this.copy);
  }
}

/** In-memory PayloadLocationRepository for unit tests: the client's locations by id, linked as the SQL links them. */
export class InMemoryPayloadLocations extends PayloadLocationRepository {
  private readonly rows = new Map<number, PayloadLocation>();

  async insert(l: Omit<PayloadLocation, 'id' | 'chargeId' | 'txid'>): Promise<PayloadLocation> {
    const location = { ...l, id: this.rows.size + 1, chargeId: null, txid: null };
    this.rows.set(location.id, location);
    return { ...location };
  }

  async find(clientId: string, id: number): Promise<PayloadLocation | null> {
    const row = this.rows.get(id);
    return row && row.clientId === clientId ? { ...row } : null;
  }

  async findMany(clientId: string, ids: readonly number[]): Promise<PayloadLocation[]> {
    return ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row && row.clientId === clientId ? [{ ...row }] : [];
    });
  }

  /** Whether the location links the charge now. */
  servesCharge(locationId: number, chargeId: string): boolean {
    return this.rows.get(locationId)?.chargeId === chargeId;
  }

  async link(clientId: string, id: number, kind: LocationKind, chargeId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.clientId !== clientId || row.kind !== kind || row.chargeId !== null) return false;
    this.rows.set(id, { ...row, chargeId });
    return true;
  }

  async unlink(clientId: string, id: number): Promise<PayloadLocation | null> {
    const row = this.rows.get(id);
    if (!row || row.clientId !== clientId) return null;
    const free = { ...row, chargeId: null, txid: null };
    this.rows.set(id, free);
    return { ...free };
  }

  async list(f: LocationFilter): Promise<{ items: PayloadLocation[]; total: number }> {
    const matching = [...this.rows.values()].filter(
      (l) =>
        l.clientId === f.clientId &&
        l.createdAt >= f.createdFrom &&
        l.createdAt <= f.createdTo &&
        (f.linked === undefined || (l.chargeId !== null) === f.linked) &&
        (f.kind === undefined || l.kind === f.kind),
    );
    return { items: matching.slice(f.offset, f.offset + f.limit), total: Math.min(matching.length, PAGE_TOTAL_CAP) };
  }
}
