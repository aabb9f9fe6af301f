import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/money/money.js';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { CashOutRepository } from '../../application/cash-out.repository.js';
import { CashOut, type CashOutStatus } from '../../domain/cash-out.aggregate.js';
import type { CashOutFlow } from '../../domain/cash-out-flow.js';
import { CashOutOrmEntity } from './cash-out.orm-entity.js';

/** A cash_outs row as the lock query returns it: money as text, jsonb parsed by pg. */
type LockedRow = Omit<CashOutOrmEntity, 'amount' | 'returnedAmount'> & { amount: string; returnedAmount: string | null };

const toDomain = (r: CashOutOrmEntity) => CashOut.restore({ ...r, flow: r.flow as CashOutFlow, status: r.status as CashOutStatus });

@Injectable()
export class TypeormCashOutRepository extends CashOutRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  async insert(cashOut: CashOut): Promise<void> {
    // Plain SQL, sent with the transaction's next round trip: this insert is in every cash-out's creation.
    const c = cashOut.snapshot;
    await this.uow.write(
      `INSERT INTO cash_outs (id, client_id, account_id, external_id, amount, flow, pix_key, pix_key_type, payer, receiver,
         end_to_end_id, status, error_code, error_message, returned_amount, completed_at, created_at, updated_at, charge_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        c.id,
        c.clientId,
        c.accountId,
        c.externalId,
        c.amount.toFixed6(),
        c.flow,
        c.pixKey,
        c.pixKeyType,
        JSON.stringify(c.payer),
        JSON.stringify(c.receiver),
        c.endToEndId,
        c.status,
        c.errorCode,
        c.errorMessage,
        c.returnedAmount?.toFixed6() ?? null,
        c.completedAt,
        c.createdAt,
        c.updatedAt,
        c.chargeId,
      ],
    );
  }

  async update(cashOut: CashOut): Promise<void> {
    const c = cashOut.snapshot;
    await this.uow.write(
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

  /** Twice in every settlement: plain SQL, one primary-key probe with its row lock. */
  async lock(id: string): Promise<CashOut | null> {
    const [row] = await this.uow.read<LockedRow>(
      `SELECT id, client_id AS "clientId", account_id AS "accountId", external_id AS "externalId", amount::text, flow,
              pix_key AS "pixKey", pix_key_type AS "pixKeyType", payer, receiver, end_to_end_id AS "endToEndId", charge_id AS "chargeId", status,
              error_code AS "errorCode", error_message AS "errorMessage", returned_amount::text AS "returnedAmount",
              completed_at AS "completedAt", created_at AS "createdAt", updated_at AS "updatedAt"
       FROM cash_outs WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return null;
    return CashOut.restore({
      ...row,
      amount: Money.of(row.amount),
      returnedAmount: row.returnedAmount === null ? null : Money.of(row.returnedAmount),
      flow: row.flow as CashOutFlow,
      status: row.status as CashOutStatus,
    });
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
