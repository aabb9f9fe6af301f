import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { moneyTransformer } from '../../../../shared/persistence/money.transformer.js';

const money = { type: 'numeric' as const, precision: 20, scale: 6, transformer: moneyTransformer };

/** The client-facing line of a movement: operation and before/after balances. */
@Entity({ name: 'ledger_entries' })
export class LedgerEntryOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'journal_id', type: 'uuid' })
  journalId: string;

  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId: string | null;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'operation_type', type: 'varchar', length: 16 })
  operationType: string;

  @Column({ ...money })
  amount: Money;

  @Column({ type: 'varchar', length: 16, default: 'posted' })
  status: string;

  @Column({ name: 'available_before', ...money })
  availableBefore: Money;

  @Column({ name: 'available_after', ...money })
  availableAfter: Money;

  @Column({ name: 'blocked_before', ...money })
  blockedBefore: Money;

  @Column({ name: 'blocked_after', ...money })
  blockedAfter: Money;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
