import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { moneyTransformer } from '../../../../shared/persistence/money.transformer.js';

const cap = { type: 'numeric' as const, precision: 20, scale: 6, nullable: true, transformer: moneyTransformer };

/** Approved cap overrides of one account and limit type (null: the default); also the usage lock row. */
@Entity({ name: 'account_limits' })
export class AccountLimitOrmEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' }) accountId: string;
  @PrimaryColumn({ type: 'varchar', length: 16 }) type: string;
  @Column({ name: 'daytime_limit', ...cap }) daytimeLimit: Money | null;
  @Column({ name: 'nighttime_limit', ...cap }) nighttimeLimit: Money | null;
  @Column({ name: 'daily_limit', ...cap }) dailyLimit: Money | null;
  @Column({ name: 'monthly_limit', ...cap }) monthlyLimit: Money | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
