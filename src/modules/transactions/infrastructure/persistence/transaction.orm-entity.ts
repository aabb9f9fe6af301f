import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';
import type { Party } from '../../domain/transaction.aggregate.js';

@Entity({ name: 'transactions' })
@Index('ix_transactions_client_created', ['clientId', 'createdAt'])
export class TransactionOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'varchar', length: 16 }) type: string;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'external_id', type: 'varchar', length: 100, nullable: true }) externalId: string | null;
  @Column({ type: 'varchar', length: 140, nullable: true }) reference: string | null;
  @MoneyColumn() amount: Money;
  @MoneyColumn({ name: 'tax_amount' }) taxAmount: Money;
  @MoneyColumn({ name: 'refunded_amount' }) refundedAmount: Money;
  @Column({ name: 'pix_key', type: 'varchar', length: 100, nullable: true }) pixKey: string | null;
  @Column({ name: 'pix_key_type', type: 'varchar', length: 8, nullable: true }) pixKeyType: string | null;
  @Column({ name: 'end_to_end_id', type: 'varchar', length: 32, nullable: true }) endToEndId: string | null;
  @Column({ type: 'jsonb', nullable: true }) payer: Party | null;
  @Column({ type: 'jsonb', nullable: true }) receiver: Party | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) description: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) txid: string | null;
  @Column({ type: 'varchar', length: 16 }) channel: string;
  @Column({ type: 'jsonb', nullable: true }) metadata: Record<string, unknown> | null;
  @Column({ name: 'error_code', type: 'varchar', length: 16, nullable: true }) errorCode: string | null;
  @Column({ name: 'error_message', type: 'varchar', length: 300, nullable: true }) errorMessage: string | null;
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true }) processedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
