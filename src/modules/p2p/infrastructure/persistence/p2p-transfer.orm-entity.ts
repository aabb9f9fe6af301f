import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'p2p_transfers' })
export class P2pTransferOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'receiver_transaction_id', type: 'uuid' }) receiverTransactionId: string;
  @Column({ name: 'end_to_end_id', type: 'varchar', length: 32 }) endToEndId: string;
  @Column({ name: 'payer_client_id', type: 'uuid' }) payerClientId: string;
  @Column({ name: 'payer_account_id', type: 'uuid' }) payerAccountId: string;
  @Column({ name: 'payee_client_id', type: 'uuid' }) payeeClientId: string;
  @Column({ name: 'payee_account_id', type: 'uuid' }) payeeAccountId: string;
  @MoneyColumn() amount: Money;
  @Column({ type: 'varchar', length: 140, nullable: true }) description: string | null;
  @Column({ name: 'external_id', type: 'varchar', length: 100, nullable: true }) externalId: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
