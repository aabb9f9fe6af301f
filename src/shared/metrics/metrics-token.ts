import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../errors/domain-error.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * METRICS_TOKEN's check: `Authorization: Bearer <token>`. Both sides are hashed first, so the comparison
 * (timingSafeEqual) takes the same time whatever the caller sent, its length included.
 */
export class MetricsToken {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digest(token);
  }

  /** Throws 401 UNAUTHORIZED without a bearer token, 401 INVALID_TOKEN with another one. */
  assert(authorization: string | undefined): void {
    const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    if (given === undefined) throw new DomainError('UNAUTHORIZED', 'Missing bearer token');
    if (!timingSafeEqual(digest(given), this.expected)) throw new DomainError('INVALID_TOKEN', 'Invalid metrics token');
  }
}
