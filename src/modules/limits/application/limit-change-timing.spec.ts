import { Money } from '../../../shared/money/money.js';
import { FrozenClock } from '../../../shared/testing/kernel.fakes.js';
import type { AccountDirectory } from '../../identity/application/account-directory.js';
import { LIMIT_TYPES, type LimitType } from '../domain/limit-kinds.js';
import { AccountLimitPolicy } from './account-limit-policy.service.js';
import { ApproveLimitRequestUseCase } from './approve-limit-request.use-case.js';
import { CreateLimitRequestUseCase } from './create-limit-request.use-case.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { FakeOutbox, FakeUnitOfWork, InMemoryAccountLimits, InMemoryLimitRequests } from './limit-requests.fakes.js';
import { LimitSheets } from './limit-sheets.service.js';
import { LimitUsageRepository, type UsageByPeriod } from './limit-usage.repository.js';

// docs/adr/0214-limit-changes-timed-as-the-regulation-says.md: Resolução BCB nº 1/2020 as amended by nº 142/2021.
const H = 3_600_000;
// 12:00 in São Paulo: daytime, and so is every instant below (a whole number of days later, or 30 h = 18:00).
const T0 = new Date('2025-03-10T15:00:00.000Z');
const after = (ms: number) => new Date(T0.getTime() + ms);

/** Nothing used before: each window's counter holds only the payment being checked, as the trigger would. */
class OnlyThisPayment extends LimitUsageRepository {
  amount = Money.zero();
  async usage(): Promise<Record<LimitType, UsageByPeriod>> {
    const a = this.amount;
    return Object.fromEntries(LIMIT_TYPES.map((t) => [t, { daytime: a, nighttime: a, daily: a, monthly: a }])) as Record<
      LimitType,
      UsageByPeriod
    >;
  }
}

describe('limit changes timed as the regulation says', () => {
  let repo: InMemoryLimitRequests;
  let caps: InMemoryAccountLimits;
  let clock: FrozenClock;
  let usage: OnlyThisPayment;
  let create: CreateLimitRequestUseCase;
  let approve: ApproveLimitRequestUseCase;
  let policy: AccountLimitPolicy;

  beforeEach(() => {
    repo = new InMemoryLimitRequests();
    caps = new InMemoryAccountLimits();
    clock = new FrozenClock(T0);
    usage = new OnlyThisPayment();
    const outbox = new FakeOutbox();
    const uow = new FakeUnitOfWork();
    const accounts = {
      ownAccount: async () => ({ account: { id: 'a1' }, holder: { personType: 'NATURAL_PERSON' } }),
      client: async () => ({ personType: 'NATURAL_PERSON' }),
    } as unknown as AccountDirectory;
    create = new CreateLimitRequestUseCase(accounts, caps, repo, new ExpireLimitRequestsUseCase(repo, outbox, uow), outbox, uow, clock);
    approve = new ApproveLimitRequestUseCase(repo, caps, outbox, uow, clock);
    policy = new AccountLimitPolicy(uow, caps, accounts, new LimitSheets(usage));
  });

  /** A daytime pix_out payment of `amount` at `at`: resolves when it fits, LIMIT_EXCEEDED when not. */
  const pay = (amount: string, at: Date) => {
    usage.amount = Money.of(amount);
    return policy.assertWithinLimits({ clientId: 'c1', accountId: 'a1', type: 'pix_out', amount: Money.of(amount), at });
  };
  // The natural person's default pix_out caps: daytime 5000.00, daily 6000.00 (domain/default-limits.ts).
  const ask = (requestedAmount: string) => create.execute({ clientId: 'c1', type: 'pix_out', period: 'daytime', requestedAmount });
  const approveAt = (id: string, at: Date) => {
    clock.set(at);
    return approve.execute('admin-1', id);
  };

  it('a raise approved early applies from exactly 24 h after the request: the old cap until 23:59:59.999', async () => {
    const r = await ask('5800.00');
    expect(r.snapshot).toMatchObject({ status: 'pending', effectiveAt: null });
    const approved = await approveAt(r.id, after(H));
    expect(approved.snapshot.effectiveAt).toEqual(after(24 * H));
    await expect(pay('5800.00', after(23 * H + 59 * 60_000 + 59_999))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(pay('5000.00', after(24 * H - 1))).resolves.toBeUndefined();
    await expect(pay('5800.00', after(24 * H))).resolves.toBeUndefined();
    await expect(pay('5800.01', after(24 * H))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('a raise approved 30 h after the request applies from the approval', async () => {
    const r = await ask('5800.00');
    const approved = await approveAt(r.id, after(30 * H));
    expect(approved.snapshot).toMatchObject({ decidedAt: after(30 * H), effectiveAt: after(30 * H) });
    await expect(pay('5800.00', after(30 * H - 1))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(pay('5800.00', after(30 * H))).resolves.toBeUndefined();
  });

  it('a raise approved a millisecond before 48 h applies then; at 48 h it has expired and is never applied', async () => {
    const late = await ask('5800.00');
    expect((await approveAt(late.id, after(48 * H - 1))).snapshot.effectiveAt).toEqual(after(48 * H - 1));
    clock.set(after(72 * H));
    const lapsed = await ask('5900.00');
    await expect(approveAt(lapsed.id, after(72 * H + 48 * H))).rejects.toMatchObject({ code: 'LIMIT_REQUEST_NOT_PENDING' });
    await expect(pay('5900.00', after(200 * H))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('a reduction is approved when made, by nobody, and applies at once', async () => {
    const r = await ask('3000.00');
    expect(r.snapshot).toMatchObject({ status: 'approved', decidedBy: null, decidedAt: T0, effectiveAt: T0 });
    expect(repo.rows.get(r.id)!.status).toBe('approved');
    await expect(pay('3000.01', T0)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(pay('3000.00', T0)).resolves.toBeUndefined();
    // The same cap asks for no more: it is not a raise either.
    expect((await ask('3000.00')).status).toBe('approved');
  });

  it('one pending raise per cap (409) still holds, and a reduction does not wait behind it', async () => {
    await ask('5800.00');
    await expect(ask('5850.00')).rejects.toMatchObject({ code: 'PENDING_REQUEST_EXISTS' });
    expect((await ask('4000.00')).status).toBe('approved');
    await expect(pay('4000.01', T0)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('a reduction drops a raise still waiting for its time', async () => {
    const raise = await ask('5800.00');
    await approveAt(raise.id, after(H));
    clock.set(after(2 * H));
    await ask('2000.00');
    await expect(pay('2000.01', after(25 * H))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('a second raise scheduled after the first took effect keeps the first until its own time', async () => {
    const first = await ask('5800.00');
    await approveAt(first.id, after(H));
    clock.set(after(26 * H));
    const second = await ask('5900.00');
    expect(second.snapshot.currentAmount.toFixed2()).toBe('5800.00');
    await approveAt(second.id, after(27 * H));
    await expect(pay('5800.00', after(50 * H - 1))).resolves.toBeUndefined();
    await expect(pay('5800.01', after(50 * H - 1))).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(pay('5900.00', after(50 * H))).resolves.toBeUndefined();
  });
});
