import type { P2pTransfer } from '../domain/p2p-transfer.aggregate.js';

/** Port to stored transfers; `insert` joins the caller's unit of work. */
export abstract class P2pTransferRepository {
  abstract insert(transfer: P2pTransfer): Promise<void>;
}
