import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/**
 * An approved raise waiting for its time (migration 1764210000000): from `effective_at` on, `amount` is the
 * account's cap for that type and period (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
 */
@Entity({ name: 'limit_cap_schedule' })
export class LimitCapScheduleOrmEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' }) accountId: string;
  @PrimaryColumn({ type: 'varchar', length: 16 }) type: string;
  @PrimaryColumn({ type: 'varchar', length: 16 }) period: string;
  @MoneyColumn() amount: Money;
  @Column({ name: 'effective_at', type: 'timestamptz' }) effectiveAt: Date;
}
