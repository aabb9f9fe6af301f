import { DomainError } from '../../../shared/errors/domain-error.js';
import { PAGE_TOTAL_CAP } from '../../../shared/persistence/page-window.js';
import { MedRequest, type MedStatus } from '../domain/med-request.aggregate.js';
import { MedRequestRepository } from './med-request.repository.js';

/**
 * In-memory MED requests for unit tests. Like the SQL adapter: `insert` refuses a second request for one
 * payment (MED_ALREADY_EXISTS, the unique index), `update` of an unknown id is a no-op, `list` is newest
 * first with a capped total, `lockDue` takes active requests past `respond_by` or OPEN since the hold
 * cutoff, oldest first, and `returnsUnfinishedBefore` the approved ones whose return is still processing.
 * Rows are copied in and out, so a test sees only what was written; `locked` lists the ids `lock` was
 * asked for. No transactions: rolling back is the unit of work's job.
 */
export class InMemoryMedRequests extends MedRequestRepository {
  readonly locked: string[] = [];
  private readonly rows = new Map<string, MedRequest>();
  private copy = (m: MedRequest) => MedRequest.restore({ ...m.snapshot });

  async insert(med: MedRequest): Promise<void> {
    const m = med.snapshot;
    if (this.rows.has(m.id)) throw new Error(`duplicate MED id ${m.id}`);
    if ([...this.rows.values()].some((r) => r.snapshot.transactionId === m.transactionId)) {
      throw new DomainError('MED_ALREADY_EXISTS', 'This payment already has a MED request', [
        { field: 'end_to_end_id', issue: 'already has a MED request' },
      ]);
    }
    this.rows.set(m.id, this.copy(med));
  }

  async update(med: MedRequest): Promise<void> {
    if (this.rows.has(med.snapshot.id)) this.rows.set(med.snapshot.id, this.copy(med));
  }

  async lock(id: string): Promise<MedRequest | null> {
    this.locked.push(id);
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  async existsForTransaction(transactionId: string): Promise<boolean> {
    return [...this.rows.values()].some((r) => r.snapshot.transactionId === transactionId);
  }

  async list(clientId: string, status: MedStatus, limit: number, offset: number): Promise<{ items: MedRequest[]; total: number }> {
    const matching = [...this.rows.values()]
      .filter((r) => r.snapshot.clientId === clientId && r.status === status)
      .sort((a, b) => b.snapshot.createdAt.getTime() - a.snapshot.createdAt.getTime() || (a.snapshot.id < b.snapshot.id ? 1 : -1));
    return { items: matching.slice(offset, offset + limit).map(this.copy), total: Math.min(matching.length, PAGE_TOTAL_CAP) };
  }

  async lockDue(now: Date, holdCutoff: Date, limit: number): Promise<MedRequest[]> {
    return [...this.rows.values()]
      .filter((r) => (r.isActive() && r.snapshot.respondBy <= now) || (r.status === 'OPEN' && r.snapshot.createdAt <= holdCutoff))
      .sort((a, b) => a.snapshot.createdAt.getTime() - b.snapshot.createdAt.getTime())
      .slice(0, limit)
      .map(this.copy);
  }

  async returnsUnfinishedBefore(before: Date, limit: number): Promise<string[]> {
    return [...this.rows.values()]
      .filter((r) => r.isReturnProcessing() && r.snapshot.respondedAt !== null && r.snapshot.respondedAt <= before)
      .sort((a, b) => a.snapshot.respondedAt!.getTime() - b.snapshot.respondedAt!.getTime())
      .slice(0, limit)
      .map((r) => r.snapshot.id);
  }

  /** Test helper: every stored request, in insertion order. */
  all(): MedRequest[] {
    return [...this.rows.values()].map(this.copy);
  }
}
