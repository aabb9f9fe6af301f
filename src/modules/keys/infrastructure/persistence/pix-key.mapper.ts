import type { PixKeyType } from '../../../../shared/domain/pix-key.js';
import { PixKey, type KeyDeletionReason, type PixKeyStatus } from '../../domain/pix-key.aggregate.js';
import { PixKeyOrmEntity } from './pix-key.orm-entity.js';

export const PixKeyMapper = {
  toDomain(r: PixKeyOrmEntity): PixKey {
    return PixKey.restore({
      ...r,
      keyType: r.keyType as PixKeyType,
      status: r.status as PixKeyStatus,
      deletionReason: r.deletionReason as KeyDeletionReason | null,
    });
  },

  toOrm(k: PixKey): PixKeyOrmEntity {
    return Object.assign(new PixKeyOrmEntity(), k.snapshot);
  },
};
