import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { PixKeyRepository } from '../../application/pix-key.repository.js';
import type { PixKey } from '../../domain/pix-key.aggregate.js';
import { KeyAlreadyExistsError } from '../../domain/pix-key.errors.js';
import { PixKeyMapper } from './pix-key.mapper.js';
import { PixKeyOrmEntity } from './pix-key.orm-entity.js';

type Row = QueryDeepPartialEntity<PixKeyOrmEntity>;

const UNIQUE_VIOLATION = '23505';
const ACTIVE_VALUE_INDEX = 'uq_pix_keys_active_value';

@Injectable()
export class TypeormPixKeyRepository extends PixKeyRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(key: PixKey): Promise<void> {
    try {
      await this.uow.manager().insert(PixKeyOrmEntity, PixKeyMapper.toOrm(key) as Row);
    } catch (e) {
      const err = e as QueryFailedError & { code?: string; constraint?: string };
      // The partial unique index decides: of two racing registrations of one value, one fails here.
      if (err instanceof QueryFailedError && err.code === UNIQUE_VIOLATION && err.constraint === ACTIVE_VALUE_INDEX) {
        throw new KeyAlreadyExistsError();
      }
      throw e;
    }
  }

  async save(key: PixKey): Promise<void> {
    const { id, ...rest } = PixKeyMapper.toOrm(key);
    await this.uow.manager().update(PixKeyOrmEntity, { id }, rest as Row);
  }

  /** On every payment by key and every decode: plain SQL (one index probe, no query building). */
  async findActiveByValue(keyValue: string): Promise<PixKey | null> {
    const [row] = await this.uow.read<PixKeyOrmEntity>(
      `SELECT id, client_id AS "clientId", account_id AS "accountId", key_type AS "keyType", key_value AS "keyValue", status,
              deletion_reason AS "deletionReason", created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
       FROM pix_keys WHERE key_value = $1 AND status = 'active'`,
      [keyValue],
    );
    return row ? PixKeyMapper.toDomain(row) : null;
  }

  async findOwnActiveForUpdate(clientId: string, keyValue: string): Promise<PixKey | null> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(PixKeyOrmEntity, 'k')
      .where("k.key_value = :keyValue AND k.client_id = :clientId AND k.status = 'active'", { keyValue, clientId })
      .setLock('pessimistic_write')
      .getOne();
    return row ? PixKeyMapper.toDomain(row) : null;
  }

  async listActiveByClient(clientId: string): Promise<PixKey[]> {
    const rows = await this.uow.manager().find(PixKeyOrmEntity, {
      where: { clientId, status: 'active' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(PixKeyMapper.toDomain);
  }

  async countActiveOnAccountLocked(accountId: string): Promise<number> {
    if (!this.uow.inTransaction()) throw new Error('countActiveOnAccountLocked must run inside UnitOfWork.run');
    const manager = this.uow.manager();
    // A transaction-scoped advisory lock per account: no row to lock exists before the first key.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('pix_keys:' || $1, 0))`, [accountId]);
    return manager.count(PixKeyOrmEntity, { where: { accountId, status: 'active' } });
  }
}
