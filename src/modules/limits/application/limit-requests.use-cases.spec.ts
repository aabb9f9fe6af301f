import { Money } from '../../../shared/money/money.js';
import { SettableClock } from '../../../shared/time/settable-clock.js';
import type { AccountDirectory } from '../../identity/application/account-directory.js';
import { LimitRequest } from '../domain/limit-request.aggregate.js';
import { ApproveLimitRequestUseCase } from './approve-limit-request.use-case.js';
import { CreateLimitRequestUseCase } from './create-limit-request.use-case.js';
import { ExpireLimitRequestsUseCase } from './expire-limit-requests.use-case.js';
import { FakeOutbox, FakeUnitOfWork, InMemoryAccountLimits, InMemoryLimitRequests } from './limit-requests.fakes.js';
import { RejectLimitRequestUseCase } from './reject-limit-request.use-case.js';

const H = 3_600_000;
const NOW = new Date('2026-03-10T15:00:00.000Z');
const hoursAgo = (h: number, extraMs = 0) => new Date(NOW.getTime() - h * H - extraMs);

describe('limit request use cases', () => {
  let repo: InMemoryLimitRequests;
  let caps: InMemoryAccountLimits;
  let outbox: FakeOutbox;
  let uow: FakeUnitOfWork;
  let expire: ExpireLimitRequestsUseCase;
  let clock: SettableClock;

  const accounts = {
    ownAccount: async (clientId: string) => ({ account: { id: `acc-${clientId}` }, holder: { personType: 'NATURAL_PERSON' } }),
  } as unknown as AccountDirectory;

  beforeEach(() => {
    repo = new InMemoryLimitRequests();
    caps = new InMemoryAccountLimits();
    outbox = new FakeOutbox();
    uow = new FakeUnitOfWork();
    clock = new SettableClock(NOW);
    expire = new ExpireLimitRequestsUseCase(repo, outbox, uow);
  });

  const seed = (createdAt: Date, id = 'r1') => {
    const r = LimitRequest.open({
      id,
      clientId: 'c1',
      accountId: 'acc-c1',
      type: 'pix_out',
      period: 'daily',
      currentAmount: Money.of('6000'),
      requestedAmount: Money.of('9000'),
      now: createdAt,
    });
    repo.rows.set(id, r);
    return r;
  };

  it('creates with the current cap (approved override first) and refuses a second pending one', async () => {
    await caps.setCap('acc-c1', 'pix_out', 'daily', Money.of('7500'));
    const create = new CreateLimitRequestUseCase(accounts, caps, repo, expire, outbox, uow, clock);
    const r = await create.execute({ clientId: 'c1', type: 'pix_out', period: 'daily', requestedAmount: '9000.00' });
    expect(r.snapshot.currentAmount.toFixed2()).toBe('7500.00');
    expect(outbox.events.map((e) => e.type)).toEqual(['limit_request.created']);
    // docs/conventions.md §10: one pending request per cap; the second is a raise too (a reduction needs no approval).
    await expect(create.execute({ clientId: 'c1', type: 'pix_out', period: 'daily', requestedAmount: '7500.01' })).rejects.toMatchObject({
      code: 'PENDING_REQUEST_EXISTS',
    });
  });

  it('creation expires an overdue pending request of the same cap instead of answering 409', async () => {
    seed(hoursAgo(49));
    const create = new CreateLimitRequestUseCase(accounts, caps, repo, expire, outbox, uow, clock);
    await create.execute({ clientId: 'c1', type: 'pix_out', period: 'daily', requestedAmount: '9000.00' });
    expect(repo.rows.get('r1')!.status).toBe('expired');
    expect(outbox.events.map((e) => e.type)).toEqual(['limit_request.expired', 'limit_request.created']);
  });

  it('approval schedules the cap for that account, type and period only, 24 h after the request', async () => {
    seed(NOW);
    const r = await new ApproveLimitRequestUseCase(repo, caps, outbox, uow, clock).execute('admin-1', 'r1');
    expect(r.status).toBe('approved');
    expect(r.snapshot.effectiveAt).toEqual(new Date(NOW.getTime() + 24 * H));
    expect(await caps.overrides('acc-c1', NOW)).toEqual({ pix_out: {} });
    expect((await caps.overrides('acc-c1', new Date(NOW.getTime() + 24 * H))).pix_out).toEqual({ daily: Money.of('9000') });
    expect(outbox.events.map((e) => e.type)).toEqual(['limit_request.approved']);
  });

  it('deciding an overdue request commits its expiry, then refuses with 409', async () => {
    seed(hoursAgo(48, 1000));
    const approve = new ApproveLimitRequestUseCase(repo, caps, outbox, uow, clock);
    await expect(approve.execute('admin-1', 'r1')).rejects.toMatchObject({ code: 'LIMIT_REQUEST_NOT_PENDING' });
    expect(uow.committed).toBe(1);
    expect(repo.rows.get('r1')!.status).toBe('expired');
    expect(await caps.overrides('acc-c1', new Date(NOW.getTime() + 72 * H))).toEqual({});
    const reject = new RejectLimitRequestUseCase(repo, outbox, uow, clock);
    await expect(reject.execute('admin-1', 'r1', 'no')).rejects.toMatchObject({ code: 'LIMIT_REQUEST_NOT_PENDING' });
    expect(outbox.events.map((e) => e.type)).toEqual(['limit_request.expired']);
  });

  it('unknown ids are LIMIT_REQUEST_NOT_FOUND', async () => {
    const reject = new RejectLimitRequestUseCase(repo, outbox, uow, clock);
    await expect(reject.execute('admin-1', 'nope', 'x')).rejects.toMatchObject({ code: 'LIMIT_REQUEST_NOT_FOUND' });
  });

  it('an expiry pass expires only due requests, each once', async () => {
    seed(hoursAgo(50), 'old');
    seed(NOW, 'young');
    expect(await expire.execute({}, clock.now())).toBe(1);
    expect(await expire.execute({}, clock.now())).toBe(0);
    expect(repo.rows.get('young')!.status).toBe('pending');
    expect(outbox.events.filter((e) => e.type === 'limit_request.expired').map((e) => e.aggregateId)).toEqual(['old']);
  });
});
