import type { PixKeyType } from '../../../../shared/domain/pix-key.js';
import { PixKey, type KeyDeletionReason, type PixKeyStatus } from '../../domain/pix-key.aggregate.js';

/** A `pix_keys` row as selected: its columns by their own (snake_case) names. */
export interface PixKeyRow {
  id: string;
  client_id: string;
  account_id: string;
  key_type: string;
  key_value: string;
  status: string;
  deletion_reason: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export const PixKeyMapper = {
  toDomain(r: PixKeyRow): PixKey {
    return PixKey.restore({
      id: r.id,
      clientId: r.client_id,
      accountId: r.account_id,
      keyType: r.key_type as PixKeyType,
      keyValue: r.key_value,
      status: r.status as PixKeyStatus,
      deletionReason: r.deletion_reason as KeyDeletionReason | null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      deletedAt: r.deleted_at,
    });
  },

  /**
   * The key's columns as statement parameters, in the order of the INSERT's column list
   * (id, client_id, account_id, key_type, key_value, status, deletion_reason, created_at, updated_at, deleted_at).
   */
  toParams(k: PixKey): unknown[] {
    const s = k.snapshot;
    return [s.id, s.clientId, s.accountId, s.keyType, s.keyValue, s.status, s.deletionReason, s.createdAt, s.updatedAt, s.deletedAt];
  },
};
