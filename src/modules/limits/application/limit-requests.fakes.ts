import type { Money } from '../../../shared/money/money.js';
import type { CapOverrides } from '../domain/default-limits.js';
import type { LimitPeriod, LimitType } from '../domain/limit-kinds.js';
import { LimitRequest, type LimitRequestStatus } from '../domain/limit-request.aggregate.js';
import { PendingRequestExistsError } from '../domain/limits.errors.js';
import type { NighttimeStart } from '../domain/limit-windows.js';
import { AccountLimitsRepository, nighttimeSettingAt, type NighttimeSetting } from './account-limits.repository.js';
import { LimitRequestRepository, type ClaimOptions, type DueFilter } from './limit-request.repository.js';

export { FakeOutbox, FakeUnitOfWork } from '../../../shared/testing/kernel.fakes.js';

/** In-memory stand-ins for the unit tests of this module's use cases. */
export class InMemoryLimitRequests extends LimitRequestRepository {
  readonly rows = new Map<string, LimitRequest>();
  private copy = (r: LimitRequest) => LimitRequest.restore({ ...r.snapshot });

  async insert(r: LimitRequest): Promise<void> {
    const s = r.snapshot;
    const clash =
      r.status === 'pending' &&
      [...this.rows.values()].some(
        (x) =>
          x.status === 'pending' && x.snapshot.accountId === s.accountId && x.snapshot.type === s.type && x.snapshot.period === s.period,
      );
    if (clash) throw new PendingRequestExistsError(s.type, s.period);
    this.rows.set(r.id, this.copy(r));
  }
  async save(r: LimitRequest): Promise<void> {
    this.rows.set(r.id, this.copy(r));
  }
  async findById(id: string): Promise<LimitRequest | null> {
    const r = this.rows.get(id);
    return r ? this.copy(r) : null;
  }
  findByIdForUpdate(id: string): Promise<LimitRequest | null> {
    return this.findById(id);
  }
  async claimDue(f: DueFilter, now: Date, opts: ClaimOptions): Promise<LimitRequest[]> {
    return [...this.rows.values()]
      .filter((r) => r.isDueAt(now) && (!f.id || r.id === f.id) && (!f.clientId || r.snapshot.clientId === f.clientId))
      .filter((r) => (!f.accountId || r.snapshot.accountId === f.accountId) && (!f.type || r.snapshot.type === f.type))
      .filter((r) => !f.period || r.snapshot.period === f.period)
      .slice(0, opts.limit)
      .map(this.copy);
  }
  async listPending(clientId: string, now: Date): Promise<LimitRequest[]> {
    return [...this.rows.values()]
      .filter((r) => r.snapshot.clientId === clientId && r.status === 'pending' && !r.isDueAt(now))
      .map(this.copy);
  }
  async listByStatus(status: LimitRequestStatus): Promise<LimitRequest[]> {
    return [...this.rows.values()].filter((r) => r.status === status).map(this.copy);
  }
}

export class InMemoryAccountLimits extends AccountLimitsRepository {
  readonly caps = new Map<string, CapOverrides>();
  readonly scheduled = new Map<string, { amount: Money; effectiveAt: Date }>();

  async overridesFor(accountId: string, type: LimitType, at: Date): Promise<CapOverrides> {
    const out: CapOverrides = { ...this.caps.get(`${accountId}/${type}`) };
    for (const [key, change] of this.scheduled) {
      const [acc, t, period] = key.split('/');
      if (acc === accountId && t === type && change.effectiveAt.getTime() <= at.getTime()) out[period as LimitPeriod] = change.amount;
    }
    return out;
  }
  async overrides(accountId: string, at: Date): Promise<Partial<Record<LimitType, CapOverrides>>> {
    const out: Partial<Record<LimitType, CapOverrides>> = {};
    const types = new Set([...this.caps.keys(), ...this.scheduled.keys()].map((k) => k.split('/')).filter(([acc]) => acc === accountId));
    for (const [, type] of types) out[type as LimitType] = await this.overridesFor(accountId, type as LimitType, at);
    return out;
  }
  async setCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money): Promise<void> {
    this.caps.set(`${accountId}/${type}`, { ...this.caps.get(`${accountId}/${type}`), [period]: amount });
    this.scheduled.delete(`${accountId}/${type}/${period}`);
  }
  async scheduleCap(accountId: string, type: LimitType, period: LimitPeriod, amount: Money, effectiveAt: Date, now: Date): Promise<void> {
    const key = `${accountId}/${type}/${period}`;
    const before = this.scheduled.get(key);
    if (before && before.effectiveAt.getTime() <= now.getTime()) await this.setCap(accountId, type, period, before.amount);
    this.scheduled.set(key, { amount, effectiveAt });
  }
  readonly nighttime = new Map<string, { start: NighttimeStart; previous: NighttimeStart; effectiveAt: Date }>();
  async nighttimeStart(accountId: string, at: Date): Promise<NighttimeSetting> {
    return nighttimeSettingAt(this.nighttime.get(accountId), at);
  }
  async setNighttimeStart(accountId: string, start: NighttimeStart, effectiveAt: Date, now: Date): Promise<void> {
    const previous = (await this.nighttimeStart(accountId, now)).inForce;
    this.nighttime.set(accountId, { start, previous, effectiveAt });
  }
}
