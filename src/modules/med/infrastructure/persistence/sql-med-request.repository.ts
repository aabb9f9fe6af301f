import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { PAGE_TOTAL_CAP } from '../../../../shared/persistence/page-window.js';
import { SqlSession, type DatabaseErrorFields } from '../../../../shared/persistence/sql-session.js';
import { MedRequestRepository } from '../../application/med-request.repository.js';
import { MedRequest, type MedReturnStatus, type MedStatus } from '../../domain/med-request.aggregate.js';
import type { MedRequestOrmEntity } from './med-request.orm-entity.js';

/** A row as the SELECTs below return it: money as text. */
type Row = Omit<MedRequestOrmEntity, 'amount' | 'blockedAmount' | 'returnAmount'> & {
  amount: string;
  blockedAmount: string;
  returnAmount: string | null;
};

const COLUMNS = `id, client_id AS "clientId", account_id AS "accountId", transaction_id AS "transactionId",
  end_to_end_id AS "endToEndId", amount::text, blocked_amount::text AS "blockedAmount", reason, status,
  response_reason AS "responseReason", return_transaction_id AS "returnTransactionId",
  return_end_to_end_id AS "returnEndToEndId", return_amount::text AS "returnAmount", return_status AS "returnStatus", respond_by AS "respondBy", responded_at AS "respondedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

function toDomain(r: Row): MedRequest {
  return MedRequest.restore({
    ...r,
    amount: Money.of(r.amount),
    blockedAmount: Money.of(r.blockedAmount),
    returnAmount: r.returnAmount === null ? null : Money.of(r.returnAmount),
    returnStatus: r.returnStatus as MedReturnStatus | null,
    status: r.status as MedStatus,
  });
}

/** A second request for one payment (two opens racing past the existence check) as the refusal it is. */
function duplicate(err: DatabaseErrorFields): DomainError | null {
  if (err.code !== '23505' || err.constraint !== 'uq_med_requests_transaction') return null;
  return new DomainError('MED_ALREADY_EXISTS', 'This payment already has a MED request', [
    { field: 'end_to_end_id', issue: 'already has a MED request' },
  ]);
}

@Injectable()
export class SqlMedRequestRepository extends MedRequestRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(med: MedRequest): Promise<void> {
    const m = med.snapshot;
    await this.sql.write(
      `INSERT INTO med_requests (id, client_id, account_id, transaction_id, end_to_end_id, amount, blocked_amount, reason, status,
         response_reason, return_transaction_id, return_end_to_end_id, return_amount, return_status, respond_by, responded_at,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        m.id,
        m.clientId,
        m.accountId,
        m.transactionId,
        m.endToEndId,
        m.amount.toFixed6(),
        m.blockedAmount.toFixed6(),
        m.reason,
        m.status,
        m.responseReason,
        m.returnTransactionId,
        m.returnEndToEndId,
        m.returnAmount?.toFixed6() ?? null,
        m.returnStatus,
        m.respondBy,
        m.respondedAt,
        m.createdAt,
        m.updatedAt,
      ],
      duplicate,
    );
  }

  async update(med: MedRequest): Promise<void> {
    const m = med.snapshot;
    await this.sql.write(
      `UPDATE med_requests SET status = $2, response_reason = $3, return_transaction_id = $4, return_end_to_end_id = $5,
              return_amount = $6, return_status = $7, responded_at = $8, updated_at = $9
       WHERE id = $1`,
      [
        m.id,
        m.status,
        m.responseReason,
        m.returnTransactionId,
        m.returnEndToEndId,
        m.returnAmount?.toFixed6() ?? null,
        m.returnStatus,
        m.respondedAt,
        m.updatedAt,
      ],
    );
  }

  async lock(id: string): Promise<MedRequest | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM med_requests WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toDomain(row) : null;
  }

  async existsForTransaction(transactionId: string): Promise<boolean> {
    const rows = await this.sql.read<{ one: number }>(`SELECT 1 AS one FROM med_requests WHERE transaction_id = $1`, [transactionId]);
    return rows.length > 0;
  }

  async list(clientId: string, status: MedStatus, limit: number, offset: number): Promise<{ items: MedRequest[]; total: number }> {
    // Served by ix_med_requests_client_status.
    const [rows, [count]] = await Promise.all([
      this.sql.read<Row>(
        `SELECT ${COLUMNS} FROM med_requests WHERE client_id = $1 AND status = $2
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [clientId, status, limit, offset],
      ),
      // The count reads at most PAGE_TOTAL_CAP rows (the LIMIT sits inside).
      this.sql.read<{ total: number }>(
        `SELECT count(*)::int AS total FROM (SELECT 1 FROM med_requests WHERE client_id = $1 AND status = $2 LIMIT $3) capped`,
        [clientId, status, PAGE_TOTAL_CAP],
      ),
    ]);
    return { items: rows.map(toDomain), total: count?.total ?? 0 };
  }

  async lockDue(now: Date, holdCutoff: Date, limit: number): Promise<MedRequest[]> {
    // Served by ix_med_requests_active_deadline and ix_med_requests_open_created.
    const rows = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM med_requests
       WHERE (status IN ('OPEN', 'IN_ANALYSIS') AND respond_by <= $1) OR (status = 'OPEN' AND created_at <= $2)
       ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [now, holdCutoff, limit],
    );
    return rows.map(toDomain);
  }

  async returnsUnfinishedBefore(before: Date, limit: number): Promise<string[]> {
    // Served by ix_med_requests_return_processing.
    const rows = await this.sql.read<{ id: string }>(
      `SELECT id FROM med_requests WHERE return_status = 'processing' AND responded_at <= $1 ORDER BY responded_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }
}
