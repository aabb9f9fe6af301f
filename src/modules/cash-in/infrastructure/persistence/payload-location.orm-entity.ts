import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The table of migration 1764300000000 (API Pix `loc`; the repository uses plain SQL, this describes the schema). */
@Entity({ name: 'api_pix_locations' })
export class PayloadLocationOrmEntity {
  @PrimaryColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  /** What the location's URL ends with: random, so a location's URL says nothing of its id or its charge. */
  @Column({ name: 'access_token', type: 'uuid' }) accessToken: string;
  @Column({ name: 'tipo_cob', type: 'varchar', length: 4 }) tipoCob: string;
  /** The charge served at the location now; null: none (free to link). */
  @Column({ name: 'charge_id', type: 'uuid', nullable: true }) chargeId: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
