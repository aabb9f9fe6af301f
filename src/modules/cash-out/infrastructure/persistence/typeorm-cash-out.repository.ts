import { Injectable } from '@nestjs/common';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { CashOutRepository } from '../../application/cash-out.repository.js';
import { CashOut, type CashOutStatus } from '../../domain/cash-out.aggregate.js';
import type { CashOutFlow } from '../../domain/cash-out-flow.js';
import { CashOutOrmEntity } from './cash-out.orm-entity.js';

type Row = QueryDeepPartialEntity<CashOutOrmEntity>;

const toDomain = (r: CashOutOrmEntity) => CashOut.restore({ ...r, flow: r.flow as CashOutFlow, status: r.status as CashOutStatus });
const toRow = (c: CashOut) => ({ ...c.snapshot }) as Row;

@Injectable()
export class TypeormCashOutRepository extends CashOutRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(cashOut: CashOut): Promise<void> {
    await this.uow.manager().insert(CashOutOrmEntity, toRow(cashOut));
  }

  async update(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    await this.uow.manager().query(
      `UPDATE cash_outs SET status = $2, error_code = $3, error_message = $4, returned_amount = $5, completed_at = $6, updated_at = $7
       WHERE id = $1`,
      [c.id, c.status, c.errorCode, c.errorMessage, c.returnedAmount?.toFixed2() ?? null, c.completedAt, c.updatedAt],
    );
  }

  async findById(id: string): Promise<CashOut | null> {
    const row = await this.uow.manager().findOne(CashOutOrmEntity, { where: { id } });
    return row ? toDomain(row) : null;
  }

  async findByEndToEndId(endToEndId: string): Promise<CashOut | null> {
    const row = await this.uow.manager().findOne(CashOutOrmEntity, { where: { endToEndId } });
    return row ? toDomain(row) : null;
  }

  async lock(id: string): Promise<CashOut | null> {
    const row = await this.uow
      .manager()
      .createQueryBuilder(CashOutOrmEntity, 'c')
      .where('c.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
    return row ? toDomain(row) : null;
  }

  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    // Served by ix_cash_outs_unfinished (status, updated_at) WHERE status IN ('queued', 'processing').
    const rows: { id: string }[] = await this.uow
      .manager()
      .query(`SELECT id FROM cash_outs WHERE status IN ('queued', 'processing') AND updated_at < $1 ORDER BY updated_at LIMIT $2`, [
        before,
        limit,
      ]);
    return rows.map((r) => r.id);
  }
}
