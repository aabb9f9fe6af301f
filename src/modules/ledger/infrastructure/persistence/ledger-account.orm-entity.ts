import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/** Balances of one client account; CHECK constraints in the migration forbid negatives. */
@Entity({ name: 'ledger_accounts' })
export class LedgerAccountOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @MoneyColumn()
  available: Money;

  @MoneyColumn()
  blocked: Money;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
