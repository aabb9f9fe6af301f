import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'pix_keys' })
@Index('uq_pix_keys_active_value', ['keyValue'], { unique: true, where: "status = 'active'" })
export class PixKeyOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'account_id', type: 'uuid' }) accountId: string;
  @Column({ name: 'key_type', type: 'varchar', length: 8 }) keyType: string;
  @Column({ name: 'key_value', type: 'varchar', length: 77 }) keyValue: string;
  @Column({ type: 'varchar', length: 8 }) status: string;
  @Column({ name: 'deletion_reason', type: 'varchar', length: 32, nullable: true }) deletionReason: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
}
