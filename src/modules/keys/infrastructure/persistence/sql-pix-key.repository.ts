import { Injectable } from '@nestjs/common';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
import { PixKeyRepository } from '../../application/pix-key.repository.js';
import type { PixKey } from '../../domain/pix-key.aggregate.js';
import { KeyAlreadyExistsError } from '../../domain/pix-key.errors.js';
import { PixKeyMapper, type PixKeyRow } from './pix-key.mapper.js';

@Injectable()
export class SqlPixKeyRepository extends PixKeyRepository {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sql: SqlSession,
  ) {
    super();
  }

  /**
   * The partial unique index decides: of two racing registrations of one active value, one inserts nothing
   * and is refused here. ON CONFLICT DO NOTHING, not a unique violation, whose DETAIL would write the key (an
   * e-mail, a phone, a CPF) into the server log (docs/adr/0087-values-travel-as-bound-parameters.md).
   */
  async insert(key: PixKey): Promise<void> {
    const inserted = await this.sql.write(
      `INSERT INTO pix_keys (id, client_id, account_id, key_type, key_value, status, deletion_reason, created_at, updated_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (key_value) WHERE status = 'active' DO NOTHING`,
      PixKeyMapper.toParams(key),
    );
    if (inserted === 0) throw new KeyAlreadyExistsError();
  }

  async save(key: PixKey): Promise<void> {
    // Every column but the id, from the key's snapshot (the parameters are in the INSERT's order).
    await this.sql.write(
      `UPDATE pix_keys SET client_id = $2, account_id = $3, key_type = $4, key_value = $5, status = $6, deletion_reason = $7,
              created_at = $8, updated_at = $9, deleted_at = $10
       WHERE id = $1`,
      PixKeyMapper.toParams(key),
    );
  }

  /** On every payment by key and every decode: one index probe. */
  async findActiveByValue(keyValue: string): Promise<PixKey | null> {
    const [row] = await this.sql.read<PixKeyRow>(
      `SELECT id, client_id, account_id, key_type, key_value, status, deletion_reason, created_at, updated_at, deleted_at
       FROM pix_keys WHERE key_value = $1 AND status = 'active'`,
      [keyValue],
    );
    return row ? PixKeyMapper.toDomain(row) : null;
  }

  async findOwnActiveForUpdate(clientId: string, keyValue: string): Promise<PixKey | null> {
    const [row] = await this.sql.read<PixKeyRow>(
      `SELECT id, client_id, account_id, key_type, key_value, status, deletion_reason, created_at, updated_at, deleted_at
       FROM pix_keys WHERE key_value = $1 AND client_id = $2 AND status = 'active'
       FOR UPDATE`,
      [keyValue, clientId],
    );
    return row ? PixKeyMapper.toDomain(row) : null;
  }

  async listActiveByClient(clientId: string): Promise<PixKey[]> {
    const rows = await this.sql.read<PixKeyRow>(
      `SELECT id, client_id, account_id, key_type, key_value, status, deletion_reason, created_at, updated_at, deleted_at
       FROM pix_keys WHERE client_id = $1 AND status = 'active'
       ORDER BY created_at ASC, id ASC`,
      [clientId],
    );
    return rows.map((row) => PixKeyMapper.toDomain(row));
  }

  async countActiveOnAccountLocked(accountId: string): Promise<number> {
    if (!this.uow.inTransaction()) throw new Error('countActiveOnAccountLocked must run inside UnitOfWork.run');
    // A transaction-scoped advisory lock per account: no row to lock exists before the first key. Both
    // statements travel in one round trip and run in this order, so the count is taken once the lock is held.
    const [, [counted]] = await Promise.all([
      this.sql.read(`SELECT pg_advisory_xact_lock(hashtextextended('pix_keys:' || $1, 0))`, [accountId]),
      this.sql.read<{ active: number }>(`SELECT count(*)::int AS active FROM pix_keys WHERE account_id = $1 AND status = 'active'`, [
        accountId,
      ]),
    ]);
    return counted?.active ?? 0;
  }
}
