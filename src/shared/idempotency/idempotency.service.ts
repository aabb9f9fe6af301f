import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import type { Response } from 'express';
import { DomainError, type ErrorDetail } from '../errors/domain-error.js';
import type { ErrorCode } from '../errors/error-catalog.js';
import { statusForCode } from '../errors/error-status.table.js';
import { SqlSession, type DatabaseErrorFields } from '../persistence/sql-session.js';
import { UnitOfWork } from '../persistence/unit-of-work.js';
import { requestFingerprint } from './request-fingerprint.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a key is kept (docs/conventions.md §5), as a Postgres interval bound to the claim. */
const RETENTION = '24 hours';

export interface IdempotentRequest {
  clientId: string;
  key: string | undefined;
  method: string;
  path: string;
  body: unknown;
  /** Headers that change the meaning of the request (e.g. X-Pix-Lookup-E2E). */
  extra?: unknown;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * Answers an idempotent operation from its outcome, the same way for every such endpoint: the status, the
 * body, and `Idempotent-Replayed: true` on a replay (docs/conventions.md §5). For a controller method with
 * `@Res({ passthrough: true })`.
 */
export function answer<T>(res: Response, result: StoredResponse<T>): T {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(result.status);
  return result.body;
}

/** A stored business refusal answered again for a retry with the same key (sent with Idempotent-Replayed). */
export class ReplayedRefusal extends DomainError {
  readonly replayed = true;
}

/** What is kept of a refusal: enough to answer it again, with the retry's own request id. */
interface StoredRefusal {
  refusal: { code: ErrorCode; message: string; details: ErrorDetail[] };
}

/** The fenced answer found its claim taken over (expect_rows raised IP001). */
function claimLost(err: DatabaseErrorFields): DomainError | null {
  if (err.code !== 'IP001') return null;
  return new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A retry with this idempotency key took over the request; this run was rolled back');
}

/**
 * A refusal is the request's outcome and is kept (a retry gets the same answer); a rate limit or an
 * outage is not an outcome, the work did not happen, and a retry may run it.
 */
function isOutcome(err: unknown): err is DomainError {
  if (!(err instanceof DomainError)) return false;
  const status = statusForCode(err.code);
  return status >= 400 && status < 500 && status !== 429;
}

/**
 * Stripe-style idempotency (docs/conventions.md §5, docs/decisions.md). The key is claimed in its own committed
 * transaction so a concurrent duplicate sees it; a success is stored in the SAME transaction as the
 * work, so either both commit or neither does. A business refusal (4xx) rolls the work back and is
 * then stored as the key's answer; any other failure (outage, bug) left nothing behind, so the claim
 * is freed and a retry runs the request once. Input refused by validation never reaches this service.
 *
 * A claim whose request died may be taken over by the same request after IDEMPOTENCY_LEASE_MS. The
 * claim is fenced: each claim gets a new token, and the answer is stored only by the holder of the
 * current token, in the work's own transaction, so a slow first run that lost its claim rolls back
 * instead of committing a second payment. Every statement is bounded well below the lease.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly sql: SqlSession,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `prepare`, when given, runs once the key is claimed (or at once without a key) and BEFORE the
   * transaction opens: work that must not hold a connection (e.g. CPU work in a worker thread). What it
   * returns is handed to `work`; its failure is handled like the work's (a refusal is stored, anything
   * else frees the claim).
   */
  async execute<T, P = undefined>(
    req: IdempotentRequest,
    work: (prepared: P) => Promise<{ status: number; body: T }>,
    prepare?: () => Promise<P>,
  ): Promise<StoredResponse<T>> {
    const prepared = async () => (prepare ? await prepare() : (undefined as P));
    if (req.key === undefined) {
      const ready = await prepared();
      return { ...(await this.uow.run(() => work(ready))), replayed: false };
    }
    if (!UUID.test(req.key)) {
      throw new DomainError('INVALID_IDEMPOTENCY_KEY', 'X-Idempotency-Key must be a UUID', [
        { field: 'X-Idempotency-Key', issue: 'not a UUID' },
      ]);
    }
    const key = req.key.toLowerCase();
    const hash = requestFingerprint(req);
    const token = await this.claim(req.clientId, key, hash);
    if (!token) return this.answerExisting<T>(req.clientId, key, hash);
    try {
      const ready = await prepared();
      return await this.uow.run(async () => {
        const result = await work(ready);
        // Not awaited: it travels with the COMMIT. The row count is checked in the database (expect_rows):
        // a retry that took the claim over while this run was stuck leaves no row to update, the statement
        // fails, Postgres rolls the transaction back, and the commit throws its refusal (claimLost). The
        // retry's run counts.
        void this.sql.write(
          `WITH stored AS (
             UPDATE idempotency_keys SET status = 'completed', response_status = $4, response_body = $5
             WHERE client_id = $1 AND key = $2 AND claim_token = $3 AND status = 'in_progress' RETURNING 1
           )
           SELECT expect_rows((SELECT count(*) FROM stored), 1, 'idempotency claim lost')`,
          [req.clientId, key, token, result.status, JSON.stringify(result.body)],
          claimLost,
        );
        return { ...result, replayed: false };
      });
    } catch (err) {
      if (isOutcome(err)) await this.storeRefusal(req.clientId, key, token, err);
      else await this.release(req.clientId, key, token);
      throw err;
    }
  }

  /** The claim's fencing token when this request now owns the key (new, expired, or abandoned by the same request). */
  private async claim(clientId: string, key: string, hash: string): Promise<string | null> {
    const token = randomUUID();
    // Its commit need not wait for the disk: a claim lost in a crash leaves nothing behind it (the work's
    // commit, which waits, flushes the claim with it), so a retry runs the request, as it would anyway.
    const rows = await this.uow.runUnflushed(() =>
      this.sql.read(
        `INSERT INTO idempotency_keys (client_id, key, request_hash, status, claim_token, locked_until, expires_at)
       VALUES ($1, $2, $3, 'in_progress', $4, now() + make_interval(secs => $5::double precision / 1000), now() + $6::interval)
       ON CONFLICT (client_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = 'in_progress', response_status = NULL,
             response_body = NULL, claim_token = EXCLUDED.claim_token, locked_until = EXCLUDED.locked_until,
             expires_at = EXCLUDED.expires_at, created_at = now()
         WHERE idempotency_keys.expires_at < now()
            OR (idempotency_keys.status = 'in_progress' AND idempotency_keys.locked_until < now()
                AND idempotency_keys.request_hash = EXCLUDED.request_hash)
       RETURNING key`,
        [clientId, key, hash, token, this.config.idempotencyLeaseMs, RETENTION],
      ),
    );
    return rows.length === 1 ? token : null;
  }

  private async storeRefusal(clientId: string, key: string, token: string, err: DomainError): Promise<void> {
    const body: StoredRefusal = { refusal: { code: err.code, message: err.message, details: err.details } };
    await this.sql.write(
      `UPDATE idempotency_keys SET status = 'completed', response_status = $4, response_body = $5
       WHERE client_id = $1 AND key = $2 AND claim_token = $3 AND status = 'in_progress'`,
      [clientId, key, token, statusForCode(err.code), JSON.stringify(body)],
    );
  }

  private async release(clientId: string, key: string, token: string): Promise<void> {
    await this.sql.write(`DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND claim_token = $3 AND status = 'in_progress'`, [
      clientId,
      key,
      token,
    ]);
  }

  private async answerExisting<T>(clientId: string, key: string, hash: string): Promise<StoredResponse<T>> {
    const [row] = await this.sql.read<{
      request_hash: string;
      status: string;
      response_status: number | null;
      response_body: string | null;
    }>(`SELECT request_hash, status, response_status, response_body FROM idempotency_keys WHERE client_id = $1 AND key = $2`, [
      clientId,
      key,
    ]);
    if (!row) throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'The request with this idempotency key is still running');
    if (row.request_hash !== hash) {
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used with a different request');
    }
    if (row.status !== 'completed' || row.response_status === null) {
      throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'The request with this idempotency key is still running');
    }
    // The text is what the first answer was serialised as (JSON.stringify); parsing it and letting the
    // response serialise it again gives the same bytes, key order included.
    const stored = JSON.parse(row.response_body ?? 'null') as unknown;
    if (row.response_status >= 400) {
      const { code, message, details } = (stored as StoredRefusal).refusal;
      throw new ReplayedRefusal(code, message, details);
    }
    return { status: row.response_status, body: stored as T, replayed: true };
  }
}
