import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'cash_outs' })
export class CashOutOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'external_id', type: 'varchar', length: 100, nullable: true }) externalId: string | null;
  @MoneyColumn() amount: Money;
  @Column({ type: 'varchar', length: 8 }) flow: string;
  /** MANU, DICT, QRES or QRDN (pacs.008 `LocalInstrument`). */
  @Column({ name: 'initiation_type', type: 'varchar', length: 4 }) initiationType: string;
  @Column({ type: 'varchar', length: 140, nullable: true }) description: string | null;
  @Column({ name: 'pix_key', type: 'varchar', length: 100, nullable: true }) pixKey: string | null;
  @Column({ name: 'pix_key_type', type: 'varchar', length: 8, nullable: true }) pixKeyType: string | null;
  @Column({ type: 'jsonb' }) payer: Counterparty;
  @Column({ type: 'jsonb' }) receiver: Counterparty;
  @Column({ name: 'end_to_end_id', type: 'varchar', length: 32 }) endToEndId: string;
  @Column({ name: 'charge_id', type: 'uuid', nullable: true }) chargeId: string | null;
  @Column({ type: 'varchar', length: 35, nullable: true }) txid: string | null;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'error_code', type: 'varchar', length: 16, nullable: true }) errorCode: string | null;
  @Column({ name: 'error_message', type: 'varchar', length: 300, nullable: true }) errorMessage: string | null;
  @MoneyColumn({ name: 'returned_amount', nullable: true }) returnedAmount: Money | null;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
