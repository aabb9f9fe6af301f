import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'fee_schedules' })
export class FeeScheduleOrmEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' }) clientId: string;
  @PrimaryColumn({ name: 'transaction_type', type: 'varchar', length: 16 }) transactionType: string;
  @MoneyColumn({ name: 'fixed_amount', scale: 2 }) fixedAmount: Money;
  @Column({ type: 'numeric', precision: 7, scale: 4 }) percent: string;
  @Column({ name: 'updated_by', type: 'uuid' }) updatedBy: string;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
