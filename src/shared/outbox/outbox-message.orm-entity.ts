import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One domain event waiting to be (or already) relayed to the queues. */
@Entity({ name: 'outbox_messages' })
@Index('ix_outbox_unpublished', ['id'], { where: 'published_at IS NULL' })
export class OutboxMessageOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'event_id', type: 'uuid', default: () => 'gen_random_uuid()' })
  eventId: string;

  @Column({ name: 'event_type', type: 'varchar', length: 80 })
  eventType: string;

  @Column({ name: 'aggregate_id', type: 'varchar', length: 64 })
  aggregateId: string;

  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId: string | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  /**
   * A webhook-visible event (catalogue `webhook: true`). The webhooks module takes a copy of such rows in the
   * same transaction (its trigger on this table, docs/adr/0202-webhook-events-have-their-own-intake.md).
   */
  @Column({ type: 'boolean', default: false })
  webhook: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the queue consumers (settlement, ...) were handed this event. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
