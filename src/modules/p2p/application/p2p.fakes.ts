import { P2pTransfer } from '../domain/p2p-transfer.aggregate.js';
import { P2pTransferRepository } from './p2p-transfer.repository.js';

/**
 * In-memory transfers for unit tests. Like the SQL adapter, `insert` refuses a reused id or end-to-end id
 * (the primary key and the unique index). Rows are stored as copies of their props; it has no
 * transactions: rolling back is the unit of work's job.
 */
export class InMemoryP2pTransfers extends P2pTransferRepository {
  private readonly rows = new Map<string, P2pTransfer['snapshot']>();

  async insert(transfer: P2pTransfer): Promise<void> {
    const t = transfer.snapshot;
    if (this.rows.has(t.id) || [...this.rows.values()].some((r) => r.endToEndId === t.endToEndId)) {
      throw new Error(`duplicate p2p transfer ${t.id} / ${t.endToEndId}`);
    }
    this.rows.set(t.id, { ...t });
  }

  /** Test helper: every stored transfer's props, in insertion order. */
  all(): P2pTransfer['snapshot'][] {
    return [...this.rows.values()].map((r) => ({ ...r }));
  }
}
