import { Clock } from '../../../shared/time/clock.js';
import { QrLookupRepository, type QrLookupRecord } from './qr-lookup.repository.js';

/** In-memory decode history for unit tests. `locked` lists the end-to-end ids `lock` was asked for. */
export class InMemoryQrLookups extends QrLookupRepository {
  readonly rows = new Map<string, QrLookupRecord>();
  readonly locked: string[] = [];
  private copy = (r: QrLookupRecord): QrLookupRecord => ({ ...r, receiver: { ...r.receiver }, result: { ...r.result } });

  async insert(record: QrLookupRecord): Promise<void> {
    if (this.rows.has(record.endToEndId)) throw new Error(`duplicate lookup ${record.endToEndId}`);
    this.rows.set(record.endToEndId, this.copy(record));
  }

  async lock(endToEndId: string): Promise<QrLookupRecord | null> {
    this.locked.push(endToEndId);
    const r = this.rows.get(endToEndId);
    return r ? this.copy(r) : null;
  }

  /** Like `UPDATE ... WHERE end_to_end_id = $1`: a no-op for an unknown id. */
  async markUsed(endToEndId: string, cashOutId: string, at: Date): Promise<void> {
    const r = this.rows.get(endToEndId);
    if (r) this.rows.set(endToEndId, { ...r, usedAt: at, cashOutId });
  }
}

/** A clock that stands still until moved, for boundaries to the millisecond. */
export class FixedClock extends Clock {
  constructor(private at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(at: Date): void {
    this.at = at;
  }
}
