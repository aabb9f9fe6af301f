import type { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import type { LimitRequest } from '../domain/limit-request.aggregate.js';
import { LimitRequestNotFoundError } from '../domain/limits.errors.js';
import type { LimitRequestRepository } from './limit-request.repository.js';

/**
 * Locks a request for an administrator's decision. One found overdue is expired here and now (with
 * its event), so the caller sees `expired` and refuses the decision after committing that.
 */
export async function lockForDecision(repo: LimitRequestRepository, outbox: OutboxWriter, id: string, now: Date): Promise<LimitRequest> {
  const r = await repo.findByIdForUpdate(id);
  if (!r) throw new LimitRequestNotFoundError();
  if (r.isDueAt(now)) {
    r.expire(now);
    await repo.save(r);
    await outbox.append(r.pullEvents());
  }
  return r;
}
