import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An account's choice of when the nighttime starts (migration 1764230000000): 20 or 22 (o'clock, São Paulo)
 * from `effective_at` on, `previous_nighttime_start_hour` before it; no row is 20 always. The usage trigger
 * reads it too (docs/adr/0220-nighttime-start-and-mei.md).
 */
@Entity({ name: 'account_limit_settings' })
export class AccountLimitSettingsOrmEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'nighttime_start_hour', type: 'smallint' }) nighttimeStartHour: number;
  @Column({ name: 'previous_nighttime_start_hour', type: 'smallint' }) previousNighttimeStartHour: number;
  @Column({ name: 'effective_at', type: 'timestamptz' }) effectiveAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
