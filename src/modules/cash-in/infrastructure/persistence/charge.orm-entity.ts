import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';
import type { ChargeDetails, ChargePayer } from '../../domain/charge.aggregate.js';
import type { DueDateTermsFields } from '../../domain/due-date-terms.value-object.js';

@Entity({ name: 'cash_in_charges' })
export class ChargeOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'varchar', length: 35 }) txid: string;
  @Column({ type: 'varchar', length: 140 }) reference: string;
  @Column({ type: 'varchar', length: 140, nullable: true }) description: string | null;
  @MoneyColumn() amount: Money;
  @Column({ name: 'pix_key', type: 'varchar', length: 100 }) pixKey: string;
  @Column({ name: 'pix_key_type', type: 'varchar', length: 8 }) pixKeyType: string;
  @Column({ name: 'expected_payer', type: 'jsonb', nullable: true }) expectedPayer: { name: string | null; document: string | null } | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'due_date', type: 'date', nullable: true }) dueDate: string | null;
  /** The due-date terms' fields (`DueDateTerms.of` restores them). */
  @Column({ type: 'jsonb', nullable: true }) terms: DueDateTermsFields | null;
  @Column({ type: 'jsonb' }) details: ChargeDetails;
  @Column({ type: 'jsonb', nullable: true }) metadata: Record<string, unknown> | null;
  @Column({ name: 'qr_code_text', type: 'varchar', length: 512 }) qrCodeText: string;
  @Column({ name: 'registry_document_id', type: 'varchar', length: 64 }) registryDocumentId: string;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @MoneyColumn({ name: 'paid_amount', nullable: true }) paidAmount: Money | null;
  @Column({ name: 'end_to_end_id', type: 'varchar', length: 32, nullable: true }) endToEndId: string | null;
  @Column({ type: 'jsonb', nullable: true }) payer: ChargePayer | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true }) expiredAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** API Pix `revisao`: counted by the trigger `cash_in_charges_revision` on every change of the row. */
  @Column({ type: 'integer', default: 0 }) revision: number;
  /** The API Pix location the charge was issued at (`POST /loc`); null: its own, `/qr/v2/<id>`. */
  @Column({ name: 'location_id', type: 'bigint', nullable: true }) locationId: string | null;
}
