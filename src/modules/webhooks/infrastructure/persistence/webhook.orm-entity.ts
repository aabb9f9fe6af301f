import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** The tables of migration 1764000000000 (the repositories use plain SQL; these describe the schema). */
@Entity({ name: 'webhooks' })
export class WebhookOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) events: string[];
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'disabled_reason', type: 'varchar', length: 200, nullable: true }) disabledReason: string | null;
  /** Encrypted (AES-256-GCM), never the secret itself. */
  @Column({ name: 'secret_enc', type: 'text' }) secretEnc: string;
  @Column({ name: 'previous_secret_enc', type: 'text', nullable: true }) previousSecretEnc: string | null;
  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true }) previousSecretExpiresAt: Date | null;
  /** The newest outbox row at registration: the webhook receives later events only. */
  @Column({ name: 'from_event_row', type: 'bigint' }) fromEventRow: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
}

@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryOrmEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'webhook_id', type: 'uuid' }) webhookId: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ name: 'event_type', type: 'varchar', length: 80 }) eventType: string;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'varchar', length: 16 }) status: string;
  @Column({ name: 'attempt_count', type: 'integer', default: 0 }) attemptCount: number;
  @Column({ name: 'resend_count', type: 'integer', default: 0 }) resendCount: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ name: 'last_http_status', type: 'integer', nullable: true }) lastHttpStatus: number | null;
  @Column({ name: 'last_error', type: 'varchar', length: 300, nullable: true }) lastError: string | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

@Entity({ name: 'webhook_delivery_attempts' })
export class WebhookDeliveryAttemptOrmEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'delivery_id', type: 'uuid' }) deliveryId: string;
  @Column({ type: 'integer' }) attempt: number;
  @Column({ type: 'boolean', default: false }) resend: boolean;
  @Column({ name: 'attempted_at', type: 'timestamptz' }) attemptedAt: Date;
  @Column({ name: 'http_status', type: 'integer', nullable: true }) httpStatus: number | null;
  @Column({ name: 'latency_ms', type: 'integer' }) latencyMs: number;
  @Column({ type: 'varchar', length: 300, nullable: true }) error: string | null;
}

/**
 * A webhook-visible event not yet taken by a dispatcher (the dispatcher's intake): a copy of its outbox row,
 * written by the `outbox_messages_webhook_events` trigger in the event's own transaction, deleted by the
 * dispatcher that takes it (docs/adr/0202-webhook-events-have-their-own-intake.md).
 */
@Entity({ name: 'webhook_events' })
export class WebhookEventOrmEntity {
  /** The outbox row's id: the order, and what a webhook's `from_event_row` is compared with. */
  @PrimaryColumn({ name: 'outbox_id', type: 'bigint' }) outboxId: string;
  @Column({ name: 'event_id', type: 'uuid' }) eventId: string;
  @Column({ name: 'event_type', type: 'varchar', length: 80 }) eventType: string;
  @Column({ name: 'client_id', type: 'uuid', nullable: true }) clientId: string | null;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
