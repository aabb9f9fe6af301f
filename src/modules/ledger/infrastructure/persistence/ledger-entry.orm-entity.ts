import { Column, CreateDateColumn, Entity, Generated, PrimaryGeneratedColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

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

  @MoneyColumn()
  amount: Money;

  @Column({ type: 'varchar', length: 16, default: 'posted' })
  status: string;

  @MoneyColumn({ name: 'available_before' })
  availableBefore: Money;

  @MoneyColumn({ name: 'available_after' })
  availableAfter: Money;

  @MoneyColumn({ name: 'blocked_before' })
  blockedBefore: Money;

  @MoneyColumn({ name: 'blocked_after' })
  blockedAfter: Money;

  /** When it was written, by the service's clock; never earlier than the account's previous entry. */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Write order: one account's entries in `seq` order form its before/after chain. */
  @Column({ type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  @Generated('increment')
  seq: string;
}
