import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { P2pTransferRepository } from '../../application/p2p-transfer.repository.js';
import type { P2pTransfer } from '../../domain/p2p-transfer.aggregate.js';

@Injectable()
export class SqlP2pTransferRepository extends P2pTransferRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(transfer: P2pTransfer): Promise<void> {
    // Sent at once, in the caller's transaction; it resolves when Postgres has answered it.
    const t = transfer.snapshot;
    await this.sql.write(
      `INSERT INTO p2p_transfers (id, receiver_transaction_id, end_to_end_id, payer_client_id, payer_account_id, payee_client_id,
         payee_account_id, amount, description, external_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        t.id,
        t.receiverTransactionId,
        t.endToEndId,
        t.payerClientId,
        t.payerAccountId,
        t.payeeClientId,
        t.payeeAccountId,
        t.amount.toFixed6(),
        t.description,
        t.externalId,
        t.createdAt,
      ],
    );
  }
}
