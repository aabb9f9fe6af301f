import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A client's idempotency key with the fingerprint and stored response of its first request. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyOrmEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' }) clientId: string;
  @PrimaryColumn({ type: 'varchar', length: 64 }) key: string;
  @Column({ name: 'request_hash', type: 'varchar', length: 64 }) requestHash: string;
  /** `in_progress` only inside the claiming transaction: a committed key holds its answer. */
  @Column({ type: 'varchar', length: 16 }) status: 'in_progress' | 'completed';
  @Column({ name: 'response_status', type: 'int', nullable: true }) responseStatus: number | null;
  /** The answer's JSON text exactly as first sent (a refusal: `{refusal}`), replayed as is. */
  @Column({ name: 'response_body', type: 'text', nullable: true }) responseBody: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}
