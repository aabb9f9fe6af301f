import type { RefundCode } from '../../../shared/domain/refund-code.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { Reversal } from '../domain/reversal.aggregate.js';
import { ReversalRepository, type ReversalFilter } from './reversal.repository.js';

/**
 * In-memory reversals for unit tests. Like the SQL adapter: `insert` refuses a second external_id of one
 * client (DUPLICATE_EXTERNAL_ID, the constraint uq_reversals_external_id) and a reused id; `update` writes
 * only what settlement changes (status, failure, completion, updated_at), an unknown id a no-op; `list` is
 * newest first (then by id, descending) with strict date bounds; `unfinishedBefore` lists queued and
 * processing ones last changed before the instant, oldest change first. Rows are copied in and out, so a
 * test sees only what was written; `locked` lists the ids `lock` was asked for. `failNextUpdate` makes the
 * next `update` throw that error (the database refusing), to show what a failed transaction leaves. No
 * transactions: rolling back is the unit of work's job.
 */
export class InMemoryReversals extends ReversalRepository {
  readonly locked: string[] = [];
  private readonly rows = new Map<string, Reversal>();
  private readonly updateFailures: Error[] = [];
  private copy = (r: Reversal) => Reversal.restore({ ...r.snapshot });

  failNextUpdate(err: Error): this {
    this.updateFailures.push(err);
    return this;
  }

  async insert(reversal: Reversal): Promise<void> {
    const r = reversal.snapshot;
    if (this.rows.has(r.id)) throw new Error(`duplicate reversal id ${r.id}`);
    if ([...this.rows.values()].some((row) => row.snapshot.clientId === r.clientId && row.snapshot.externalId === r.externalId)) {
      throw new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
        { field: 'external_id', issue: 'already used' },
      ]);
    }
    this.rows.set(r.id, this.copy(reversal));
  }

  async update(reversal: Reversal): Promise<void> {
    const failure = this.updateFailures.shift();
    if (failure) throw failure;
    const r = reversal.snapshot;
    const row = this.rows.get(r.id);
    if (!row) return; // UPDATE ... WHERE id = $1 of a missing row
    const { status, errorCode, errorMessage, completedAt, updatedAt } = r;
    this.rows.set(r.id, Reversal.restore({ ...row.snapshot, status, errorCode, errorMessage, completedAt, updatedAt }));
  }

  async lock(id: string): Promise<Reversal | null> {
    this.locked.push(id);
    return this.findById(id);
  }

  async findById(id: string): Promise<Reversal | null> {
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  async list(f: ReversalFilter): Promise<Reversal[]> {
    return [...this.rows.values()]
      .map((r) => r.snapshot)
      .filter((r) => r.clientId === f.clientId)
      .filter((r) => (!f.createdAfter || r.createdAt > f.createdAfter) && (!f.createdBefore || r.createdAt < f.createdBefore))
      .filter((r) => (!f.endToEndId || r.originalEndToEndId === f.endToEndId) && (!f.externalId || r.externalId === f.externalId))
      .filter((r) => !f.endToEndIds || f.endToEndIds.includes(r.originalEndToEndId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, f.limit)
      .map((r) => this.copy(this.rows.get(r.id)!));
  }

  async refundedWithCode(clientId: string, originalEndToEndId: string, refundCode: RefundCode): Promise<Money> {
    return [...this.rows.values()]
      .map((r) => r.snapshot)
      .filter((r) => r.clientId === clientId && r.originalEndToEndId === originalEndToEndId)
      .filter((r) => r.refundCode === refundCode && r.status !== 'failed')
      .reduce((sum, r) => sum.plus(r.amount), Money.zero());
  }

  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    return [...this.rows.values()]
      .filter((r) => (r.status === 'queued' || r.status === 'processing') && r.snapshot.updatedAt < before)
      .sort((a, b) => a.snapshot.updatedAt.getTime() - b.snapshot.updatedAt.getTime())
      .slice(0, limit)
      .map((r) => r.snapshot.id);
  }

  /** Test helper: every stored reversal, in insertion order. */
  all(): Reversal[] {
    return [...this.rows.values()].map(this.copy);
  }
}
