import { DomainError } from './domain-error.js';

export type Dependency = 'database' | 'redis';

/** Seconds a client is told to wait when a dependency is down (the Retry-After of a 503). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** A dependency (PostgreSQL or Redis) cannot be reached: 503 with Retry-After, not a bug (docs/conventions.md §3). */
export class DependencyUnavailableError extends DomainError {
  readonly retryAfterSeconds = OUTAGE_RETRY_AFTER_SECONDS;

  constructor(readonly dependency: Dependency) {
    super('SERVICE_UNAVAILABLE', `The service is temporarily unavailable (${dependency} unreachable); retry later`);
  }
}

/** Socket-level failures of a TCP client: the peer is down or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "no database to talk to": connection exceptions (08), shutdown or
 * recovery (57P01-57P03), too many connections (53300), a database that refuses connections (55000
 * "not currently accepting connections" comes with its own message, checked below).
 */
const PG_OUTAGE_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // A statement or lock wait that hit its bound (DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS): busy, try again.
  '57014',
  '55P03',
]);

const PG_OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not currently accepting connections',
  'Client has encountered a connection error',
];

interface ErrorLike {
  code?: string;
  message?: string;
  driverError?: unknown;
}

/**
 * Classifies an error thrown by pg or TypeORM as a database outage, or null. Redis errors are
 * classified where Redis is called (the rate limiter), since only that code knows the peer.
 */
export function dependencyOutage(err: unknown): DependencyUnavailableError | null {
  if (err instanceof DependencyUnavailableError) return err;
  if (!err || typeof err !== 'object' || err instanceof DomainError) return null;
  const e = err as ErrorLike;
  const inner = (e.driverError && typeof e.driverError === 'object' ? e.driverError : e) as ErrorLike;
  const message = inner.message ?? '';
  const outage =
    (inner.code !== undefined && (PG_OUTAGE_STATES.has(inner.code) || NETWORK_CODES.has(inner.code))) ||
    PG_OUTAGE_MESSAGES.some((m) => message.includes(m));
  return outage ? new DependencyUnavailableError('database') : null;
}
