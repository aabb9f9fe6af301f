import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Money } from '../../../../shared/money/money.js';
import { MoneyColumn } from '../../../../shared/persistence/money.column.js';

@Entity({ name: 'limit_requests' })
@Index('uq_limit_requests_pending', ['accountId', 'type', 'period'], { unique: true, where: "status = 'pending'" })
export class LimitRequestOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ type: 'varchar', length: 16 }) type: string;
  @Column({ type: 'varchar', length: 16 }) period: string;
  @MoneyColumn({ name: 'current_amount' }) currentAmount: Money;
  @MoneyColumn({ name: 'requested_amount' }) requestedAmount: Money;
  @Column({ type: 'varchar', length: 500 }) reason: string;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'response_reason', type: 'varchar', length: 500, nullable: true }) responseReason: string | null;
  @Column({ name: 'decided_by', type: 'uuid', nullable: true }) decidedBy: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt: Date | null;
  @Column({ name: 'effective_at', type: 'timestamptz', nullable: true }) effectiveAt: Date | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
