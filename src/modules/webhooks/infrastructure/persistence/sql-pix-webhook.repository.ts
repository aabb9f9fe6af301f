import { Injectable } from '@nestjs/common';
import { PAGE_TOTAL_CAP } from '../../../../shared/persistence/page-window.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { PixWebhookRepository, type PixWebhook } from '../../application/pix-webhook.repository.js';

const COLUMNS = `id, client_id AS "clientId", chave, url, created_at AS "createdAt"`;

@Injectable()
export class SqlPixWebhookRepository extends PixWebhookRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async upsert(w: PixWebhook, now: Date): Promise<PixWebhook> {
    const [row] = await this.sql.read<PixWebhook>(
      `INSERT INTO pix_webhooks (id, client_id, chave, url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (client_id, chave) DO UPDATE SET url = EXCLUDED.url, updated_at = $5
       RETURNING ${COLUMNS}`,
      [w.id, w.clientId, w.chave, w.url, now],
    );
    return row!;
  }

  async find(clientId: string, chave: string): Promise<PixWebhook | null> {
    const [row] = await this.sql.read<PixWebhook>(`SELECT ${COLUMNS} FROM pix_webhooks WHERE client_id = $1 AND chave = $2`, [
      clientId,
      chave,
    ]);
    return row ?? null;
  }

  async findById(id: string): Promise<PixWebhook | null> {
    const [row] = await this.sql.read<PixWebhook>(`SELECT ${COLUMNS} FROM pix_webhooks WHERE id = $1`, [id]);
    return row ?? null;
  }

  async delete(clientId: string, chave: string): Promise<boolean> {
    const rows = await this.sql.read<{ id: string }>(`DELETE FROM pix_webhooks WHERE client_id = $1 AND chave = $2 RETURNING id`, [
      clientId,
      chave,
    ]);
    return rows.length > 0;
  }

  async list(
    clientId: string,
    window: { from: Date | null; to: Date | null },
    limit: number,
    offset: number,
  ): Promise<{ items: PixWebhook[]; total: number }> {
    // Served by ix_pix_webhooks_client_created.
    const where = `client_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at <= $3)`;
    const [items, [count]] = await Promise.all([
      this.sql.read<PixWebhook>(`SELECT ${COLUMNS} FROM pix_webhooks WHERE ${where} ORDER BY created_at, id LIMIT $4 OFFSET $5`, [
        clientId,
        window.from,
        window.to,
        limit,
        offset,
      ]),
      this.sql.read<{ total: number }>(`SELECT count(*)::int AS total FROM (SELECT 1 FROM pix_webhooks WHERE ${where} LIMIT $4) capped`, [
        clientId,
        window.from,
        window.to,
        PAGE_TOTAL_CAP,
      ]),
    ]);
    return { items, total: count?.total ?? 0 };
  }
}
