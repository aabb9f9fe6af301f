import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { LimitRequestRepository, type ClaimOptions, type DueFilter } from '../../application/limit-request.repository.js';
import type { LimitRequest, LimitRequestStatus } from '../../domain/limit-request.aggregate.js';
import { PendingRequestExistsError } from '../../domain/limits.errors.js';
import { LimitRequestMapper } from './limit-request.mapper.js';
import { LimitRequestOrmEntity } from './limit-request.orm-entity.js';

type Row = QueryDeepPartialEntity<LimitRequestOrmEntity>;

const UNIQUE_VIOLATION = '23505';
const PENDING_INDEX = 'uq_limit_requests_pending';

@Injectable()
export class TypeormLimitRequestRepository extends LimitRequestRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(r: LimitRequest): Promise<void> {
    try {
      await this.uow.manager().insert(LimitRequestOrmEntity, LimitRequestMapper.toOrm(r) as Row);
    } catch (e) {
      const err = e as QueryFailedError & { code?: string; constraint?: string };
      // The partial unique index is the guard: two racing creations cannot both pass it.
      if (err instanceof QueryFailedError && err.code === UNIQUE_VIOLATION && err.constraint === PENDING_INDEX) {
        throw new PendingRequestExistsError(r.snapshot.type, r.snapshot.period);
      }
      throw e;
    }
  }

  async save(r: LimitRequest): Promise<void> {
    const { id, ...rest } = LimitRequestMapper.toOrm(r);
    await this.uow.manager().update(LimitRequestOrmEntity, { id }, rest as Row);
  }

  async findById(id: string): Promise<LimitRequest | null> {
    const row = await this.uow.manager().findOne(LimitRequestOrmEntity, { where: { id } });
    return row ? LimitRequestMapper.toDomain(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<LimitRequest | null> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(LimitRequestOrmEntity, 'r')
      .where('r.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
    return row ? LimitRequestMapper.toDomain(row) : null;
  }

  async claimDue(f: DueFilter, now: Date, opts: ClaimOptions): Promise<LimitRequest[]> {
    const qb = this.uow
      .manager()
      .createQueryBuilder(LimitRequestOrmEntity, 'r')
      .where("r.status = 'pending' AND r.expires_at <= :now", { now });
    if (f.id) qb.andWhere('r.id = :id', { id: f.id });
    if (f.clientId) qb.andWhere('r.client_id = :clientId', { clientId: f.clientId });
    if (f.accountId) qb.andWhere('r.account_id = :accountId', { accountId: f.accountId });
    if (f.type) qb.andWhere('r.type = :type', { type: f.type });
    if (f.period) qb.andWhere('r.period = :period', { period: f.period });
    qb.orderBy('r.expires_at', 'ASC').addOrderBy('r.id', 'ASC').limit(opts.limit).setLock('pessimistic_write');
    if (opts.skipLocked) qb.setOnLocked('skip_locked');
    // Under READ COMMITTED a row another transaction expired meanwhile fails the re-checked WHERE and drops out.
    return (await qb.getMany()).map(LimitRequestMapper.toDomain);
  }

  async listPending(clientId: string, now: Date, accountId?: string): Promise<LimitRequest[]> {
    const qb = this.uow
      .manager()
      .createQueryBuilder(LimitRequestOrmEntity, 'r')
      .where("r.client_id = :clientId AND r.status = 'pending' AND r.expires_at > :now", { clientId, now });
    if (accountId) qb.andWhere('r.account_id = :accountId', { accountId });
    const rows = await qb.orderBy('r.created_at', 'ASC').addOrderBy('r.id', 'ASC').getMany();
    return rows.map(LimitRequestMapper.toDomain);
  }

  async listByStatus(status: LimitRequestStatus, now: Date, limit: number, offset: number): Promise<LimitRequest[]> {
    const qb = this.uow.manager().createQueryBuilder(LimitRequestOrmEntity, 'r').where('r.status = :status', { status });
    if (status === 'pending') {
      // The admin's work queue: live requests, oldest first.
      qb.andWhere('r.expires_at > :now', { now }).orderBy('r.created_at', 'ASC');
    } else {
      qb.orderBy('r.updated_at', 'DESC');
    }
    const rows = await qb.addOrderBy('r.id', 'ASC').take(limit).skip(offset).getMany();
    return rows.map(LimitRequestMapper.toDomain);
  }
}
