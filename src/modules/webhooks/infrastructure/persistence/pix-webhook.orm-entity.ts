import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The tables of migration 1764293900000 (API Pix webhooks; the repositories use plain SQL, these describe the schema). */
@Entity({ name: 'pix_webhooks' })
export class PixWebhookOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  /** The receiving Pix key (API Pix's `chave`). */
  @Column({ type: 'varchar', length: 77 }) chave: string;
  /** The URL as registered; callbacks go to it with `/pix` appended. */
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A `cash_in.completed` with a txid to a key with an API Pix webhook, waiting for the callback dispatcher (its intake). */
@Entity({ name: 'pix_callback_events' })
export class PixCallbackEventOrmEntity {
  @PrimaryColumn({ name: 'outbox_id', type: 'bigint' }) outboxId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ type: 'varchar', length: 77 }) chave: string;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** One callback of one event to one API Pix webhook: the body sent in every try, and where it stands. */
@Entity({ name: 'pix_callbacks' })
export class PixCallbackOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'pix_webhook_id', type: 'uuid' }) pixWebhookId: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'attempt_count', type: 'integer', default: 0 }) attemptCount: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ name: 'last_http_status', type: 'integer', nullable: true }) lastHttpStatus: number | null;
  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true }) lastError: string | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
