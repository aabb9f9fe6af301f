import { Money } from '../../../shared/money/money.js';
import type { AccountDirectory } from '../../identity/application/account-directory.js';
import type { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { UsageQuery } from '../../transactions/application/transaction.repository.js';
import { AccountLimitPolicy } from './account-limit-policy.service.js';
import { FakeUnitOfWork, InMemoryAccountLimits } from './limit-requests.fakes.js';
import { LimitSheets } from './limit-sheets.service.js';

// 2025-03-10T15:00Z is 12:00 in São Paulo: daytime.
const noon = new Date('2025-03-10T15:00:00.000Z');

describe('AccountLimitPolicy', () => {
  let queries: UsageQuery[];
  let usedByWindowStart: Record<string, string>;
  let caps: InMemoryAccountLimits;
  let policy: AccountLimitPolicy;

  beforeEach(() => {
    queries = [];
    usedByWindowStart = {};
    caps = new InMemoryAccountLimits();
    const transactions = {
      sumAmounts: async (q: UsageQuery) => {
        queries.push(q);
        return Money.of(usedByWindowStart[q.from.toISOString()] ?? '0');
      },
    } as unknown as TransactionsService;
    const accounts = { client: async () => ({ personType: 'NATURAL_PERSON' }) } as unknown as AccountDirectory;
    policy = new AccountLimitPolicy(new FakeUnitOfWork().asPort(), caps, accounts, new LimitSheets(transactions));
  });

  const check = (amount: string, type: 'pix_out' | 'ted' = 'pix_out') =>
    policy.assertWithinLimits({ clientId: 'c1', accountId: 'a1', type, amount: Money.of(amount), at: noon });

  it('counts cash_out and p2p_out in live statuses over the São Paulo windows', async () => {
    await check('10.00');
    expect(queries[0]).toMatchObject({ accountId: 'a1', types: ['cash_out', 'p2p_out'], statuses: ['pending', 'queued', 'processing', 'completed', 'returned'] });
    const starts = queries.map((q) => q.from.toISOString());
    expect(starts).toEqual(['2025-03-10T09:00:00.000Z', '2025-03-10T03:00:00.000Z', '2025-03-01T03:00:00.000Z']);
  });

  it('refuses what overflows the daytime window and names it', async () => {
    usedByWindowStart['2025-03-10T09:00:00.000Z'] = '4500.00';
    await expect(check('500.00')).resolves.toBeUndefined();
    await expect(check('500.01')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('pix_out daytime') });
  });

  it('applies an approved override', async () => {
    await caps.setCap('a1', 'pix_out', 'daytime', Money.of('100.00'));
    await expect(check('100.01')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('has no usage source for ted yet: only the cap binds', async () => {
    await expect(check('20000.00', 'ted')).resolves.toBeUndefined();
    await expect(check('20000.01', 'ted')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(queries).toEqual([]);
  });
});
