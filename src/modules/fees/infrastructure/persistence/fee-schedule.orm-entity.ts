import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'fee_schedules' })
export class FeeScheduleOrmEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' }) clientId: string;
  @PrimaryColumn({ name: 'transaction_type', type: 'varchar', length: 16 }) transactionType: string;
  @Column({ name: 'fixed_amount', type: 'numeric', precision: 20, scale: 2 }) fixedAmount: string;
  @Column({ type: 'numeric', precision: 7, scale: 4 }) percent: string;
  @Column({ name: 'updated_by', type: 'uuid' }) updatedBy: string;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
