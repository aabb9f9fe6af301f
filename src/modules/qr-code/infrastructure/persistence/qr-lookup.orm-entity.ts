import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Counterparty } from '../../../../shared/domain/counterparty.js';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'qr_lookups' })
@Index('ix_qr_lookups_client_created', ['clientId', 'createdAt'])
export class QrLookupOrmEntity {
  @PrimaryColumn({ name: 'end_to_end_id', type: 'varchar', length: 32 }) endToEndId: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'qr_type', type: 'varchar', length: 8 }) qrType: 'static' | 'dynamic';
  @Column({ name: 'pix_key', type: 'varchar', length: 100, nullable: true }) pixKey: string | null;
  @Column({ name: 'pix_key_type', type: 'varchar', length: 8, nullable: true }) pixKeyType: string | null;
  @Column({ type: 'jsonb' }) receiver: Counterparty;
  @MoneyColumn({ name: 'fixed_amount', scale: 2, nullable: true }) fixedAmount: Money | null;
  @Column({ name: 'charge_id', type: 'uuid', nullable: true }) chargeId: string | null;
  @Column({ type: 'jsonb' }) result: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'cash_out_id', type: 'uuid', nullable: true }) cashOutId: string | null;
}
