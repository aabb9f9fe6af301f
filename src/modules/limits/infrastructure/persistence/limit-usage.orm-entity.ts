import { Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/**
 * What one account has used of one limit type in one window (migration 1763910000000). Kept by the
 * `transactions_limit_usage` trigger, never written by the code; SqlLimitUsageRepository reads it.
 */
@Entity({ name: 'limit_usage' })
export class LimitUsageOrmEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' }) accountId: string;
  /** `pix_out`, `pix_in`, `ted` or `boleto`. */
  @PrimaryColumn({ name: 'limit_type', type: 'varchar', length: 8 }) limitType: string;
  /** `daytime`, `nighttime`, `day` or `month`. */
  @PrimaryColumn({ name: 'window_kind', type: 'varchar', length: 10 }) windowKind: string;
  /** The window's first instant (America/Sao_Paulo windows, as `limit-windows.ts` computes them). */
  @PrimaryColumn({ name: 'window_start', type: 'timestamptz' }) windowStart: Date;
  @MoneyColumn() used: Money;
}
