import { Money } from '../../../shared/money/money.js';
import type { AccountDirectory } from '../../identity/application/account-directory.js';
import { LIMIT_TYPES, type LimitType } from '../domain/limit-kinds.js';
import type { LimitWindows } from '../domain/limit-windows.js';
import { AccountLimitPolicy } from './account-limit-policy.service.js';
import { FakeUnitOfWork, InMemoryAccountLimits } from './limit-requests.fakes.js';
import { LimitSheets } from './limit-sheets.service.js';
import { LimitUsageRepository, type UsageByPeriod } from './limit-usage.repository.js';

// 2025-03-10T15:00Z is 12:00 in São Paulo: daytime.
const noon = new Date('2025-03-10T15:00:00.000Z');

/** Counters by window start; like the real ones, they already include the payment being checked. */
class FakeUsage extends LimitUsageRepository {
  asked: LimitWindows[] = [];
  usedByWindowStart: Record<string, string> = {};
  async usage(_accountId: string, w: LimitWindows): Promise<Record<LimitType, UsageByPeriod>> {
    this.asked.push(w);
    const at = (d: Date) => Money.of(this.usedByWindowStart[d.toISOString()] ?? '0');
    const byPeriod = { daytime: at(w.daytime.from), nighttime: at(w.nighttime.from), daily: at(w.day.from), monthly: at(w.month.from) };
    return Object.fromEntries(
      LIMIT_TYPES.map((t) => [
        t,
        t === 'pix_out' ? byPeriod : { daytime: Money.zero(), nighttime: Money.zero(), daily: Money.zero(), monthly: Money.zero() },
      ]),
    ) as Record<LimitType, UsageByPeriod>;
  }
}

describe('AccountLimitPolicy', () => {
  let usage: FakeUsage;
  let caps: InMemoryAccountLimits;
  let policy: AccountLimitPolicy;

  beforeEach(() => {
    usage = new FakeUsage();
    caps = new InMemoryAccountLimits();
    const accounts = { client: async () => ({ personType: 'NATURAL_PERSON' }) } as unknown as AccountDirectory;
    policy = new AccountLimitPolicy(new FakeUnitOfWork(), caps, accounts, new LimitSheets(usage));
  });

  const check = (amount: string, type: 'pix_out' | 'ted' = 'pix_out') =>
    policy.assertWithinLimits({ clientId: 'c1', accountId: 'a1', type, amount: Money.of(amount), at: noon });

  it('reads the counters of the São Paulo windows holding the instant', async () => {
    usage.usedByWindowStart['2025-03-10T09:00:00.000Z'] = '10.00';
    await check('10.00');
    const w = usage.asked[0]!;
    expect([w.daytime.from, w.day.from, w.month.from].map((d) => d.toISOString())).toEqual([
      '2025-03-10T09:00:00.000Z',
      '2025-03-10T03:00:00.000Z',
      '2025-03-01T03:00:00.000Z',
    ]);
  });

  it('accepts a payment that brings the daytime window exactly to its cap, refuses one cent more, and names the cap', async () => {
    usage.usedByWindowStart['2025-03-10T09:00:00.000Z'] = '5000.00'; // 4500.00 before, plus this 500.00
    await expect(check('500.00')).resolves.toBeUndefined();
    usage.usedByWindowStart['2025-03-10T09:00:00.000Z'] = '5000.01';
    await expect(check('500.01')).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringContaining('pix_out daytime'),
      details: [expect.objectContaining({ issue: expect.stringContaining('available 500.00') })],
    });
  });

  it('applies an approved override', async () => {
    await caps.setCap('a1', 'pix_out', 'daytime', Money.of('100.00'));
    usage.usedByWindowStart['2025-03-10T09:00:00.000Z'] = '100.01';
    await expect(check('100.01')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('binds ted by its caps alone (no payment uses it yet)', async () => {
    await expect(check('20000.00', 'ted')).resolves.toBeUndefined();
    await expect(check('20000.01', 'ted')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('refuses to run outside a unit of work', async () => {
    const bare = new AccountLimitPolicy(new FakeUnitOfWork({ strict: true }), caps, {} as AccountDirectory, new LimitSheets(usage));
    await expect(
      bare.assertWithinLimits({ clientId: 'c1', accountId: 'a1', type: 'pix_out', amount: Money.of('1'), at: noon }),
    ).rejects.toThrow(new Error('LimitPolicy.assertWithinLimits must run inside UnitOfWork.run'));
  });
});
