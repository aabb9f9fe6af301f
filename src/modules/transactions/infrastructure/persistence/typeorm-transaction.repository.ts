import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';

type Row = QueryDeepPartialEntity<TransactionOrmEntity>;
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
import { TransactionRepository, type TransactionFilter, type UsageQuery } from '../../application/transaction.repository.js';
import type { Transaction, TransactionType } from '../../domain/transaction.aggregate.js';
import { TransactionMapper } from './transaction.mapper.js';
import { TransactionOrmEntity } from './transaction.orm-entity.js';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class TypeormTransactionRepository extends TransactionRepository {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  async insert(tx: Transaction): Promise<void> {
    try {
      await this.uow.manager().insert(TransactionOrmEntity, TransactionMapper.toOrm(tx) as Row);
    } catch (e) {
      const err = e as QueryFailedError & { code?: string; constraint?: string };
      if (err instanceof QueryFailedError && err.code === UNIQUE_VIOLATION && err.constraint === 'uq_transactions_external_id') {
        throw new DomainError('DUPLICATE_EXTERNAL_ID', 'external_id was already used for this kind of resource', [
          { field: 'external_id', issue: 'already used' },
        ]);
      }
      throw e;
    }
  }

  async update(tx: Transaction): Promise<void> {
    const { id, ...rest } = TransactionMapper.toOrm(tx);
    await this.uow.manager().update(TransactionOrmEntity, { id }, rest as Row);
  }

  async findById(id: string): Promise<Transaction | null> {
    const row = await this.uow.manager().findOne(TransactionOrmEntity, { where: { id } });
    return row ? TransactionMapper.toDomain(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<Transaction | null> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(TransactionOrmEntity, 't')
      .where('t.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
    return row ? TransactionMapper.toDomain(row) : null;
  }

  async findByEndToEndId(clientId: string, endToEndId: string, type?: TransactionType): Promise<Transaction | null> {
    const row = await this.uow
      .manager()
      .findOne(TransactionOrmEntity, { where: { clientId, endToEndId, ...(type ? { type } : {}) } });
    return row ? TransactionMapper.toDomain(row) : null;
  }

  async sumAmounts(q: UsageQuery): Promise<string> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(TransactionOrmEntity, 't')
      // A returned payment keeps counting what its returns (reversal_in rows referencing it) did not give back.
      .select(
        `COALESCE(SUM(CASE WHEN t.status = 'returned' THEN t.amount - COALESCE((
           SELECT SUM(r.amount) FROM transactions r
           WHERE r.client_id = t.client_id AND r.reference = t.id::text AND r.type = 'reversal_in'), 0)
         ELSE t.amount END), 0)::text`,
        'total',
      )
      .where('t.account_id = :a', { a: q.accountId })
      .andWhere('t.type IN (:...types)', { types: q.types })
      .andWhere('t.status IN (:...statuses)', { statuses: q.statuses })
      .andWhere('t.created_at >= :from AND t.created_at < :to', { from: q.from, to: q.to })
      .getRawOne<{ total: string }>();
    return row?.total ?? '0';
  }

  async list(f: TransactionFilter): Promise<{ items: Transaction[]; total: number }> {
    const qb = this.uow.manager().createQueryBuilder(TransactionOrmEntity, 't').where('t.client_id = :c', { c: f.clientId });
    if (f.type) qb.andWhere('t.type = :type', { type: f.type });
    if (f.status) qb.andWhere('t.status = :status', { status: f.status });
    if (f.endToEndId) qb.andWhere('t.end_to_end_id = :e2e', { e2e: f.endToEndId });
    if (f.reference) qb.andWhere('t.reference = :ref', { ref: f.reference });
    if (f.from && f.to) qb.andWhere('t.created_at BETWEEN :from AND :to', { from: f.from, to: f.to });
    const [rows, total] = await qb
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .take(f.limit)
      .skip(f.offset)
      .getManyAndCount();
    return { items: rows.map(TransactionMapper.toDomain), total };
  }
}
