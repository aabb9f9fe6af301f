import { Injectable, Logger } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { WebhookRepository } from '../../application/webhook.repository.js';
import { Webhook, type WebhookStatus, type WebhookSubscriber } from '../../domain/webhook.aggregate.js';
import type { WebhookOrmEntity } from './webhook.orm-entity.js';
import { SecretCipher, UnreadableSecretError } from './secret-cipher.js';

type Row = Omit<WebhookOrmEntity, 'deletedAt'>;

const COLUMNS = `id, client_id AS "clientId", url, events, status, disabled_reason AS "disabledReason", secret_enc AS "secretEnc",
  previous_secret_enc AS "previousSecretEnc", previous_secret_expires_at AS "previousSecretExpiresAt",
  from_event_row::text AS "fromEventRow", created_at AS "createdAt", updated_at AS "updatedAt"`;

@Injectable()
export class SqlWebhookRepository extends WebhookRepository {
  private readonly logger = new Logger(SqlWebhookRepository.name);

  constructor(
    private readonly sql: SqlSession,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  private toDomain(r: Row): Webhook {
    return Webhook.restore({
      id: r.id,
      clientId: r.clientId,
      url: r.url,
      events: r.events,
      status: r.status as WebhookStatus,
      disabledReason: r.disabledReason,
      secret: this.opened(r.id, r.secretEnc),
      previousSecret: r.previousSecretEnc ? this.opened(r.id, r.previousSecretEnc) : null,
      previousSecretExpiresAt: r.previousSecretExpiresAt,
      fromEventRow: r.fromEventRow,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }

  /**
   * The secret in clear, or null when no configured key opens it (a key taken out of the configuration too
   * soon, a changed row): logged, never thrown, so listing or reading a webhook never fails on its secret.
   */
  private opened(webhookId: string, stored: string): string | null {
    try {
      return this.cipher.decrypt(stored);
    } catch (err) {
      if (!(err instanceof UnreadableSecretError)) throw err;
      this.logger.warn({ webhookId, reason: err.message }, 'webhook signing secret unreadable under the configured keys');
      return null;
    }
  }

  /** `secret_enc`, `previous_secret_enc`, `previous_secret_expires_at`: the secrets leave this process encrypted. */
  private secretColumns(webhook: Webhook): [string, string | null, Date | null] {
    const w = webhook.snapshot;
    if (w.secret === null) throw new Error(`webhook ${w.id}: an unreadable secret cannot be written back`);
    const previous = w.previousSecret ? this.cipher.encrypt(w.previousSecret) : null;
    return [this.cipher.encrypt(w.secret), previous, previous ? w.previousSecretExpiresAt : null];
  }

  async insert(webhook: Webhook): Promise<void> {
    const w = webhook.snapshot;
    await this.sql.write(
      `INSERT INTO webhooks (id, client_id, url, events, status, disabled_reason, secret_enc, previous_secret_enc,
         previous_secret_expires_at, from_event_row, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT COALESCE(max(id), 0) FROM outbox_messages), $10, $11)`,
      [w.id, w.clientId, w.url, w.events, w.status, w.disabledReason, ...this.secretColumns(webhook), w.createdAt, w.updatedAt],
    );
  }

  async update(webhook: Webhook): Promise<void> {
    const w = webhook.snapshot;
    await this.sql.write(`UPDATE webhooks SET url = $2, events = $3, status = $4, disabled_reason = $5, updated_at = $6 WHERE id = $1`, [
      w.id,
      w.url,
      w.events,
      w.status,
      w.disabledReason,
      w.updatedAt,
    ]);
  }

  async updateSecrets(webhook: Webhook): Promise<void> {
    const w = webhook.snapshot;
    await this.sql.write(
      `UPDATE webhooks SET secret_enc = $2, previous_secret_enc = $3, previous_secret_expires_at = $4, updated_at = $5 WHERE id = $1`,
      [w.id, ...this.secretColumns(webhook), w.updatedAt],
    );
  }

  async find(clientId: string, id: string): Promise<Webhook | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL`, [
      id,
      clientId,
    ]);
    return row ? this.toDomain(row) : null;
  }

  async lock(clientId: string, id: string): Promise<Webhook | null> {
    const [row] = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [id, clientId],
    );
    return row ? this.toDomain(row) : null;
  }

  async findById(id: string): Promise<Webhook | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return row ? this.toDomain(row) : null;
  }

  async listByClient(clientId: string): Promise<Webhook[]> {
    const rows = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM webhooks WHERE client_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [clientId],
    );
    return rows.map((r) => this.toDomain(r));
  }

  async countForUpdate(clientId: string): Promise<number> {
    // A transaction-scoped advisory lock per client serialises registrations (released at commit).
    await this.sql.read(`SELECT pg_advisory_xact_lock(hashtextextended('webhooks:' || $1::text, 0))`, [clientId]);
    const [row] = await this.sql.read<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhooks WHERE client_id = $1 AND deleted_at IS NULL`,
      [clientId],
    );
    return row?.n ?? 0;
  }

  async softDelete(clientId: string, id: string, now: Date): Promise<boolean> {
    const deleted = await this.sql.write(
      `UPDATE webhooks SET deleted_at = $3, updated_at = $3 WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL`,
      [id, clientId, now],
    );
    return deleted === 1;
  }

  activeOf(clientIds: string[]): Promise<WebhookSubscriber[]> {
    // Served by ix_webhooks_client. No secret is decrypted here: dispatching never depends on the key.
    return this.sql.read<WebhookSubscriber>(
      `SELECT id, client_id AS "clientId", events, from_event_row::text AS "fromEventRow"
       FROM webhooks WHERE client_id = ANY($1::uuid[]) AND status = 'active' AND deleted_at IS NULL`,
      [clientIds],
    );
  }
}
