import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

/** A signed amount on a client account's bucket or on an internal account. */
@Entity({ name: 'postings' })
export class PostingOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'journal_id', type: 'uuid' })
  journalId: string;

  @Column({ name: 'account_id', type: 'uuid', nullable: true })
  accountId: string | null;

  @Column({ name: 'internal_account', type: 'varchar', length: 32, nullable: true })
  internalAccount: string | null;

  @Column({ type: 'varchar', length: 16 })
  bucket: string;

  @MoneyColumn()
  amount: Money;
}
