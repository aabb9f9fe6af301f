import { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';

/**
 * In-memory cash-outs for unit tests. Like the TypeORM adapter: `insert` refuses a reused id or
 * end-to-end id, `update` writes only what a settlement step changes (status, failure, return,
 * timestamps), and `unfinishedBefore` lists queued/processing ones by age. Rows are copied in and out, so
 * a test sees only what was written; `locked` lists the ids `lock` was asked for. No transactions: rolling
 * back is the unit of work's job.
 */
export class InMemoryCashOuts extends CashOutRepository {
  readonly locked: string[] = [];
  private readonly rows = new Map<string, CashOut>();
  private copy = (c: CashOut) => CashOut.restore({ ...c.snapshot });

  async insert(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    if (this.rows.has(c.id)) throw new Error(`duplicate cash-out id ${c.id}`);
    if ([...this.rows.values()].some((r) => r.snapshot.endToEndId === c.endToEndId))
      throw new Error(`duplicate end-to-end id ${c.endToEndId}`);
    this.rows.set(c.id, this.copy(cashOut));
  }

  async update(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    const row = this.rows.get(c.id);
    if (!row) return; // UPDATE ... WHERE id = $1 of a missing row
    const { status, errorCode, errorMessage, returnedAmount, completedAt, updatedAt } = c;
    this.rows.set(c.id, CashOut.restore({ ...row.snapshot, status, errorCode, errorMessage, returnedAmount, completedAt, updatedAt }));
  }

  async findById(id: string): Promise<CashOut | null> {
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  async findByEndToEndId(endToEndId: string): Promise<CashOut | null> {
    const row = [...this.rows.values()].find((r) => r.snapshot.endToEndId === endToEndId);
    return row ? this.copy(row) : null;
  }

  async lock(id: string): Promise<CashOut | null> {
    this.locked.push(id);
    return this.findById(id);
  }

  async lockMany(ids: string[]): Promise<CashOut[]> {
    const sorted = [...new Set(ids)].sort();
    this.locked.push(...sorted);
    return sorted.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [this.copy(row)] : [];
    });
  }

  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    return [...this.rows.values()]
      .filter((r) => (r.status === 'queued' || r.status === 'processing') && r.snapshot.updatedAt < before)
      .sort((a, b) => a.snapshot.updatedAt.getTime() - b.snapshot.updatedAt.getTime())
      .slice(0, limit)
      .map((r) => r.snapshot.id);
  }

  /** Test helper: every stored cash-out, in insertion order. */
  all(): CashOut[] {
    return [...this.rows.values()].map(this.copy);
  }
}
