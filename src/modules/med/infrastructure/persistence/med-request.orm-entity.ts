import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'med_requests' })
export class MedRequestOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'transaction_id', type: 'uuid' }) transactionId: string;
  @Column({ name: 'end_to_end_id', type: 'varchar', length: 32 }) endToEndId: string;
  @MoneyColumn() amount: Money;
  @MoneyColumn({ name: 'blocked_amount' }) blockedAmount: Money;
  @Column({ type: 'varchar', length: 140, nullable: true }) reason: string | null;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'response_reason', type: 'varchar', length: 140, nullable: true }) responseReason: string | null;
  @Column({ name: 'return_transaction_id', type: 'uuid', nullable: true }) returnTransactionId: string | null;
  @Column({ name: 'return_end_to_end_id', type: 'varchar', length: 32, nullable: true }) returnEndToEndId: string | null;
  @MoneyColumn({ name: 'return_amount', nullable: true }) returnAmount: Money | null;
  @Column({ name: 'return_status', type: 'varchar', length: 16, nullable: true }) returnStatus: string | null;
  @Column({ name: 'respond_by', type: 'timestamptz' }) respondBy: Date;
  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true }) respondedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
