import { Injectable } from '@nestjs/common';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { QrLookupRepository, type QrLookupRecord } from '../../application/qr-lookup.repository.js';
import { QrLookupOrmEntity } from './qr-lookup.orm-entity.js';

@Injectable()
export class TypeormQrLookupRepository extends QrLookupRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(record: QrLookupRecord): Promise<void> {
    await this.uow.manager().insert(QrLookupOrmEntity, record as QueryDeepPartialEntity<QrLookupOrmEntity>);
  }

  async lock(endToEndId: string): Promise<QrLookupRecord | null> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(QrLookupOrmEntity, 'l')
      .where('l.end_to_end_id = :e2e', { e2e: endToEndId })
      .setLock('pessimistic_write')
      .getOne();
    return row ?? null;
  }

  async markUsed(endToEndId: string, cashOutId: string, at: Date): Promise<void> {
    await this.uow.manager().update(QrLookupOrmEntity, { endToEndId }, { usedAt: at, cashOutId });
  }
}
