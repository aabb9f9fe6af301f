import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { MAX_OFFSET } from '../../../shared/http/page.query.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import type { Charge } from '../domain/charge.aggregate.js';
import { ChargeExpiry } from './charge-expiry.js';
import { ChargeRepository, type ChargeFilter } from './charge.repository.js';

export type ListChargesQuery = Omit<ChargeFilter, 'asOf'>;

const rangeRefused = (field: string, other: string) =>
  new DomainError('INVALID_DATE_RANGE', `${field} must not be after ${other}`, [{ field, issue: `after ${other}` }]);

/**
 * The caller's charges, filtered, newest first. Each is shown as GET /cash-in/{id} shows it: a pending
 * charge of the page past its expiry is expired on the spot (docs/adr/0224-the-charge-list.md).
 */
@Injectable()
export class ListChargesUseCase {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly expiry: ChargeExpiry,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(query: ListChargesQuery): Promise<{ items: Charge[]; total: number }> {
    if (query.offset > MAX_OFFSET) {
      throw new DomainError('VALIDATION_ERROR', `offset may be at most ${MAX_OFFSET}; page further back with date_to`, [
        { field: 'offset', issue: `must be <= ${MAX_OFFSET}` },
      ]);
    }
    if (query.createdFrom && query.createdTo && query.createdFrom > query.createdTo) throw rangeRefused('date_from', 'date_to');
    if (query.dueDateFrom && query.dueDateTo && query.dueDateFrom > query.dueDateTo) throw rangeRefused('due_date_from', 'due_date_to');
    const now = this.clock.now();
    const { items, total } = await this.charges.list({ ...query, asOf: now });
    const lapsed = items.filter((c) => c.isLapsed(now));
    if (lapsed.length === 0) return { items, total };
    const expired = await this.expireAll(lapsed, now);
    return { items: items.map((c) => expired.get(c.snapshot.id) ?? c), total };
  }

  /** One transaction; rows locked in id order, so two lists over the same charges never deadlock. */
  private expireAll(lapsed: Charge[], now: Date): Promise<Map<string, Charge>> {
    const ids = lapsed.map((c) => c.snapshot.id).sort();
    return this.uow.run(async () => {
      const done = new Map<string, Charge>();
      for (const id of ids) {
        const locked = (await this.charges.lock(id))!; // charges are never deleted
        await this.expiry.expireLocked(locked, now);
        done.set(id, locked);
      }
      return done;
    });
  }
}
