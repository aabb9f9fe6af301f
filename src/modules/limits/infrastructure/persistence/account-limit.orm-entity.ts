import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/** Approved cap overrides of one account and limit type (null: the default); also the usage lock row. */
@Entity({ name: 'account_limits' })
export class AccountLimitOrmEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' }) accountId: string;
  @PrimaryColumn({ type: 'varchar', length: 16 }) type: string;
  @MoneyColumn({ name: 'daytime_limit', nullable: true }) daytimeLimit: Money | null;
  @MoneyColumn({ name: 'nighttime_limit', nullable: true }) nighttimeLimit: Money | null;
  @MoneyColumn({ name: 'daily_limit', nullable: true }) dailyLimit: Money | null;
  @MoneyColumn({ name: 'monthly_limit', nullable: true }) monthlyLimit: Money | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
