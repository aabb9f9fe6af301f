import { Injectable } from '@nestjs/common';
import { SqlSession, type DatabaseErrorFields } from '../../../../shared/persistence/sql-session.js';
import { LimitRequestRepository, type ClaimOptions, type DueFilter } from '../../application/limit-request.repository.js';
import type { LimitRequest, LimitRequestStatus } from '../../domain/limit-request.aggregate.js';
import { PendingRequestExistsError } from '../../domain/limits.errors.js';
import { LimitRequestMapper, type LimitRequestRow } from './limit-request.mapper.js';

const UNIQUE_VIOLATION = '23505';
const PENDING_INDEX = 'uq_limit_requests_pending';

/** Every column of `limit_requests` (alias `r`), money as numeric text: the select list of every read here. */
const COLUMNS = `r.id, r.client_id, r.account_id, r.type, r.period, r.current_amount::text AS current_amount,
       r.requested_amount::text AS requested_amount, r.reason, r.status, r.response_reason, r.decided_by, r.decided_at,
       r.expires_at, r.created_at, r.updated_at, r.effective_at`;

@Injectable()
export class SqlLimitRequestRepository extends LimitRequestRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(r: LimitRequest): Promise<void> {
    // The partial unique index is the guard: two racing creations cannot both pass it.
    const pendingExists = (err: DatabaseErrorFields) =>
      err.code === UNIQUE_VIOLATION && err.constraint === PENDING_INDEX
        ? new PendingRequestExistsError(r.snapshot.type, r.snapshot.period)
        : null;
    await this.sql.write(
      `INSERT INTO limit_requests (id, client_id, account_id, type, period, current_amount, requested_amount, reason, status,
                                   response_reason, decided_by, decided_at, expires_at, created_at, updated_at, effective_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      LimitRequestMapper.toParams(r),
      pendingExists,
    );
  }

  async save(r: LimitRequest): Promise<void> {
    // Every column but the id, from the request's snapshot (the parameters are in the INSERT's order).
    await this.sql.write(
      `UPDATE limit_requests SET client_id = $2, account_id = $3, type = $4, period = $5, current_amount = $6, requested_amount = $7,
              reason = $8, status = $9, response_reason = $10, decided_by = $11, decided_at = $12, expires_at = $13,
              created_at = $14, updated_at = $15, effective_at = $16
       WHERE id = $1`,
      LimitRequestMapper.toParams(r),
    );
  }

  async findById(id: string): Promise<LimitRequest | null> {
    const [row] = await this.sql.read<LimitRequestRow>(`SELECT ${COLUMNS} FROM limit_requests r WHERE r.id = $1 LIMIT 1`, [id]);
    return row ? LimitRequestMapper.toDomain(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<LimitRequest | null> {
    const [row] = await this.sql.read<LimitRequestRow>(`SELECT ${COLUMNS} FROM limit_requests r WHERE r.id = $1 FOR UPDATE`, [id]);
    return row ? LimitRequestMapper.toDomain(row) : null;
  }

  async claimDue(f: DueFilter, now: Date, opts: ClaimOptions): Promise<LimitRequest[]> {
    const params: unknown[] = [now];
    const where = [`r.status = 'pending' AND r.expires_at <= $1`];
    if (f.id) {
      params.push(f.id);
      where.push(`r.id = $${params.length}`);
    }
    if (f.clientId) {
      params.push(f.clientId);
      where.push(`r.client_id = $${params.length}`);
    }
    if (f.accountId) {
      params.push(f.accountId);
      where.push(`r.account_id = $${params.length}`);
    }
    if (f.type) {
      params.push(f.type);
      where.push(`r.type = $${params.length}`);
    }
    if (f.period) {
      params.push(f.period);
      where.push(`r.period = $${params.length}`);
    }
    params.push(opts.limit);
    const limit = `$${params.length}`;
    const lock = opts.skipLocked ? 'FOR UPDATE SKIP LOCKED' : 'FOR UPDATE';
    // Under READ COMMITTED a row another transaction expired meanwhile fails the re-checked WHERE and drops out.
    const rows = await this.sql.read<LimitRequestRow>(
      `SELECT ${COLUMNS} FROM limit_requests r
       WHERE ${where.join(' AND ')}
       ORDER BY r.expires_at ASC, r.id ASC
       LIMIT ${limit} ${lock}`,
      params,
    );
    return rows.map((row) => LimitRequestMapper.toDomain(row));
  }

  async listPending(clientId: string, now: Date, accountId?: string): Promise<LimitRequest[]> {
    const rows = accountId
      ? await this.sql.read<LimitRequestRow>(
          `SELECT ${COLUMNS} FROM limit_requests r
           WHERE r.client_id = $1 AND r.status = 'pending' AND r.expires_at > $2 AND r.account_id = $3
           ORDER BY r.created_at ASC, r.id ASC`,
          [clientId, now, accountId],
        )
      : await this.sql.read<LimitRequestRow>(
          `SELECT ${COLUMNS} FROM limit_requests r
           WHERE r.client_id = $1 AND r.status = 'pending' AND r.expires_at > $2
           ORDER BY r.created_at ASC, r.id ASC`,
          [clientId, now],
        );
    return rows.map((row) => LimitRequestMapper.toDomain(row));
  }

  async listByStatus(status: LimitRequestStatus, now: Date, limit: number, offset: number): Promise<LimitRequest[]> {
    const rows =
      status === 'pending'
        ? // The admin's work queue: live requests, oldest first.
          await this.sql.read<LimitRequestRow>(
            `SELECT ${COLUMNS} FROM limit_requests r
             WHERE r.status = $1 AND r.expires_at > $2
             ORDER BY r.created_at ASC, r.id ASC
             LIMIT $3 OFFSET $4`,
            [status, now, limit, offset],
          )
        : await this.sql.read<LimitRequestRow>(
            `SELECT ${COLUMNS} FROM limit_requests r
             WHERE r.status = $1
             ORDER BY r.updated_at DESC, r.id ASC
             LIMIT $2 OFFSET $3`,
            [status, limit, offset],
          );
    return rows.map((row) => LimitRequestMapper.toDomain(row));
  }
}
