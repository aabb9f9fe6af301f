import { Injectable } from '@nestjs/common';
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

/** A stored business refusal answered again for a retry with the same key (sent with Idempotent-Replayed). */
export class ReplayedRefusal extends DomainError {
  readonly replayed = true;
}

/** What is kept of a refusal: enough to answer it again, with the retry's own request id. */
interface StoredRefusal {
  refusal: { code: ErrorCode; message: string; details: ErrorDetail[] };
}

/** A concurrent duplicate holds the key's lock: the claim raised IP001 instead of waiting for it. */
function stillRunning(err: DatabaseErrorFields): DomainError | null {
  if (err.code !== 'IP001') return null;
  return new DomainError('IDEMPOTENCY_KEY_IN_USE', 'The request with this idempotency key is still running');
}

/** Thrown inside the transaction when the key already holds an answer: the work rolls back, the answer is read. */
class AnsweredBefore extends Error {}

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
 * Stripe-style idempotency (docs/conventions.md §5,
 * docs/adr/0091-claim-is-first-statement-of-request-transaction.md). The key is claimed by the first statement of
 * the request's own transaction, so the claim, the work and the stored answer commit together or not at all:
 * - a concurrent duplicate finds the key's advisory lock taken and answers 409 `IDEMPOTENCY_KEY_IN_USE`
 *   ("still running") at once, without waiting;
 * - a business refusal (4xx) undoes the work to a savepoint taken after the claim and is stored as the
 *   key's answer in the same transaction, so no duplicate can run in between: one key, one outcome;
 * - any other failure (outage, bug), or a process or connection that dies, rolls everything back, the claim
 *   with it: a retry runs the request once. No lease, no takeover, no fencing token.
 * Input refused by validation never reaches this service.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly sql: SqlSession,
    private readonly uow: UnitOfWork,
  ) {}

  /** Runs `work` once for the key (see the class); `IdempotencyInterceptor` calls it for an `@Idempotent()` handler. */
  async execute<T>(req: IdempotentRequest, work: () => Promise<{ status: number; body: T }>): Promise<StoredResponse<T>> {
    if (req.key !== undefined && !UUID.test(req.key)) {
      throw new DomainError('INVALID_IDEMPOTENCY_KEY', 'X-Idempotency-Key must be a UUID', [
        { field: 'X-Idempotency-Key', issue: 'not a UUID' },
      ]);
    }
    if (req.key === undefined) return { ...(await this.uow.run(work)), replayed: false };

    const key = req.key.toLowerCase();
    const hash = requestFingerprint(req);
    let outcome: { answer: { status: number; body: T } } | { refusal: DomainError };
    try {
      outcome = await this.uow.run(async () => {
        // The transaction's first statement, not awaited: the work's statements travel right behind it.
        const claimed = this.claim(req.clientId, key, hash);
        const attempt = await this.uow.withSavepoint(work).then(
          (answer) => ({ answer }),
          (err: unknown) => ({ err }),
        );
        // Whatever the work did, the claim decides first: a key that already holds an answer (or is held by
        // a running duplicate, which throws here) rolls the work back.
        if (!(await claimed)) throw new AnsweredBefore();
        if ('answer' in attempt) {
          // Not awaited: it travels with the COMMIT.
          void this.store(req.clientId, key, attempt.answer.status, attempt.answer.body);
          return { answer: attempt.answer };
        }
        if (!isOutcome(attempt.err)) throw attempt.err;
        // The work is undone to the savepoint; the claim stays, now holding the refusal.
        const { code, message, details } = attempt.err;
        void this.store(req.clientId, key, statusForCode(code), { refusal: { code, message, details } } satisfies StoredRefusal);
        return { refusal: attempt.err };
      });
    } catch (err) {
      if (err instanceof AnsweredBefore) return this.answerExisting<T>(req.clientId, key, hash);
      throw err;
    }
    if ('refusal' in outcome) throw outcome.refusal;
    return { ...outcome.answer, replayed: false };
  }

  /**
   * Inserts the key, or takes over an expired one; true when this transaction now holds it, false when the
   * key already holds an answer. Every claim of a key first takes a transaction-scoped advisory lock on it
   * (a 64-bit hash of client and key) without waiting: a duplicate running now holds that lock, so the claim
   * raises at once (IP001, answered IDEMPOTENCY_KEY_IN_USE) and the transaction fails before the work's
   * statements behind it run. Holding the lock, the insert never waits for another claim of the key.
   */
  private claim(clientId: string, key: string, hash: string): Promise<boolean> {
    const claimed = this.sql
      .read<{ claimed: string }>(
        `WITH free AS (SELECT pg_try_advisory_xact_lock(hashtextextended($1::text || '/' || $2::text, 0)) AS got),
         claimed AS (
           INSERT INTO idempotency_keys (client_id, key, request_hash, status, expires_at)
           SELECT $1::uuid, $2::varchar, $3::varchar, 'in_progress', now() + $4::interval FROM free WHERE got
           ON CONFLICT (client_id, key) DO UPDATE
             SET request_hash = EXCLUDED.request_hash, status = 'in_progress', response_status = NULL,
                 response_body = NULL, expires_at = EXCLUDED.expires_at, created_at = now()
             WHERE idempotency_keys.expires_at < now()
           RETURNING 1
         )
         SELECT expect_rows((SELECT count(*) FROM free WHERE got), 1, 'idempotency key in use'), (SELECT count(*) FROM claimed) AS claimed`,
        [clientId, key, hash, RETENTION],
        stillRunning,
      )
      .then(([row]) => Number(row?.claimed) === 1);
    // Awaited only once the work is done: until then its refusal must not count as unhandled.
    claimed.catch(() => undefined);
    return claimed;
  }

  /** The key's answer, in the transaction that holds its claim. */
  private store(clientId: string, key: string, status: number, body: unknown): Promise<number> {
    return this.sql.write(
      `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4 WHERE client_id = $1 AND key = $2`,
      [clientId, key, status, JSON.stringify(body)],
    );
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
