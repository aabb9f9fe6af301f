import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { moneyTransformer } from '../../../../shared/persistence/money.transformer.js';

/** Balances of one client account; CHECK constraints in the migration forbid negatives. */
@Entity({ name: 'ledger_accounts' })
export class LedgerAccountOrmEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @Column({ type: 'numeric', precision: 20, scale: 6, transformer: moneyTransformer })
  available: Money;

  @Column({ type: 'numeric', precision: 20, scale: 6, transformer: moneyTransformer })
  blocked: Money;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
