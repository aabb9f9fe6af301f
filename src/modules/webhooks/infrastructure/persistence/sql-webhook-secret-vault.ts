import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { WebhookSecretVault, type ReencryptedBatch } from '../../application/webhook-secret-vault.js';
import { SecretCipher, UnreadableSecretError } from './secret-cipher.js';

interface StoredSecrets {
  id: string;
  secretEnc: string;
  previousSecretEnc: string | null;
}

/** A stored value after the move: itself when already current or unreadable. */
interface Moved {
  value: string;
  reencrypted: boolean;
  unreadable: boolean;
}

/** The secrets of `webhooks` moved to the current key, one compare-and-set UPDATE per batch (no lock held meanwhile). */
@Injectable()
export class SqlWebhookSecretVault extends WebhookSecretVault {
  constructor(
    private readonly sql: SqlSession,
    private readonly cipher: SecretCipher,
  ) {
    super();
  }

  currentKeyId(): string {
    return this.cipher.currentKeyId;
  }

  async reencryptBatch(afterId: string | null, limit: number): Promise<ReencryptedBatch> {
    // `starts_with(NULL, …)` is NULL: a webhook without a previous secret is picked for its current one only.
    const rows = await this.sql.read<StoredSecrets>(
      `SELECT id, secret_enc AS "secretEnc", previous_secret_enc AS "previousSecretEnc" FROM webhooks
       WHERE ($1::uuid IS NULL OR id > $1::uuid) AND (NOT starts_with(secret_enc, $2) OR NOT starts_with(previous_secret_enc, $2))
       ORDER BY id LIMIT $3`,
      [afterId, this.cipher.currentPrefix, limit],
    );
    const moves = rows.map((r) => ({
      row: r,
      secret: this.moved(r.secretEnc),
      previous: r.previousSecretEnc ? this.moved(r.previousSecretEnc) : null,
    }));
    const changed = moves.filter((m) => m.secret.reencrypted || m.previous?.reencrypted);
    const written = new Set(changed.length > 0 ? await this.write(changed) : []);
    let reencrypted = 0;
    let unreadable = 0;
    for (const m of moves) {
      for (const value of [m.secret, m.previous]) {
        if (value?.unreadable) unreadable++;
        if (value?.reencrypted && written.has(m.row.id)) reencrypted++;
      }
    }
    return { lastId: rows.at(-1)?.id ?? null, reencrypted, unreadable };
  }

  private moved(stored: string): Moved {
    if (this.cipher.isCurrent(stored)) return { value: stored, reencrypted: false, unreadable: false };
    try {
      return { value: this.cipher.encrypt(this.cipher.decrypt(stored)), reencrypted: true, unreadable: false };
    } catch (err) {
      if (!(err instanceof UnreadableSecretError)) throw err;
      return { value: stored, reencrypted: false, unreadable: true };
    }
  }

  /** The new values, each only where the row still holds what was read; the ids written. */
  private async write(changed: { row: StoredSecrets; secret: Moved; previous: Moved | null }[]): Promise<string[]> {
    // One statement: atomic on its own (or part of the caller's unit of work, if there is one).
    const rows = await this.sql.read<{ id: string }>(
      `UPDATE webhooks w SET secret_enc = v.secret_enc, previous_secret_enc = v.previous_secret_enc
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, secret_enc, previous_secret_enc, was_secret, was_previous)
       WHERE w.id = v.id AND w.secret_enc = v.was_secret AND w.previous_secret_enc IS NOT DISTINCT FROM v.was_previous
       RETURNING w.id`,
      [
        changed.map((c) => c.row.id),
        changed.map((c) => c.secret.value),
        changed.map((c) => c.previous?.value ?? null),
        changed.map((c) => c.row.secretEnc),
        changed.map((c) => c.row.previousSecretEnc),
      ],
    );
    return rows.map((r) => r.id);
  }
}
