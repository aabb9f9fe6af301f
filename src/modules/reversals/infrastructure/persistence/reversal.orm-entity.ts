import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'reversals' })
export class ReversalOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'external_id', type: 'varchar', length: 100 }) externalId: string;
  @Column({ name: 'original_transaction_id', type: 'uuid' }) originalTransactionId: string;
  @Column({ name: 'original_end_to_end_id', type: 'varchar', length: 32 }) originalEndToEndId: string;
  @Column({ name: 'refund_end_to_end_id', type: 'varchar', length: 32 }) refundEndToEndId: string;
  @MoneyColumn() amount: Money;
  @Column({ name: 'refund_code', type: 'varchar', length: 4 }) refundCode: string;
  @Column({ type: 'varchar', length: 140, nullable: true }) reason: string | null;
  @Column({ name: 'customer_message', type: 'varchar', length: 140, nullable: true }) customerMessage: string | null;
  @Column({ name: 'user_metadata', type: 'jsonb', nullable: true }) userMetadata: Record<string, unknown> | null;
  @Column({ type: 'jsonb' }) tags: string[];
  @Column({ type: 'jsonb' }) payee: Counterparty;
  @Column({ name: 'payee_transaction_id', type: 'uuid', nullable: true }) payeeTransactionId: string | null;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'error_code', type: 'varchar', length: 16, nullable: true }) errorCode: string | null;
  @Column({ name: 'error_message', type: 'varchar', length: 300, nullable: true }) errorMessage: string | null;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
