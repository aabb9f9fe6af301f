import { Money } from '../../../shared/money/money.js';
import { FrozenClock } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { BalanceHistoryUseCase } from './balance-history.use-case.js';
import { FakeUnitOfWork, InMemoryLedger } from './ledger.fakes.js';
import { LedgerService } from './ledger.service.js';

describe('BalanceHistoryUseCase', () => {
  // 12:00 in São Paulo on 10 March 2026; the entries below are written at the clock's instant, to the millisecond.
  const clock = new FrozenClock(new Date('2026-03-10T15:00:00.000Z'));
  let history: BalanceHistoryUseCase;
  let ledger: LedgerService;

  const credit = (amount: string, at: string) => {
    clock.set(new Date(at));
    return ledger.post({
      transactionId: null,
      description: 'credit',
      lines: [{ accountId: 'acc', operation: 'credit', amount: Money.of(amount) }],
    });
  };

  beforeEach(async () => {
    const uow = new FakeUnitOfWork();
    const store = new InMemoryLedger(uow, () => clock.now());
    ledger = new LedgerService(store, uow);
    const identity = new InMemoryIdentity();
    identity.addAccount('client', 'acc', '52998224725');
    history = new BalanceHistoryUseCase(identity.directory(), ledger, clock);
    await ledger.openAccount('acc', 'client');
  });

  const closings = async (from: string, to: string) =>
    (await history.execute('client', { dateFrom: from, dateTo: to })).days.map((d) => `${d.date} ${d.balance.total.toFixed2()}`);

  it('answers each São Paulo day its closing balance, carrying it over days without movements', async () => {
    await credit('10.00', '2026-03-07T12:00:00.000Z'); // 7 March, 09:00 in São Paulo
    await credit('5.00', '2026-03-09T02:59:59.999Z'); // 8 March, 23:59:59.999 in São Paulo
    await credit('1.00', '2026-03-09T03:00:00.000Z'); // 9 March, 00:00 in São Paulo
    clock.set(new Date('2026-03-10T15:00:00.000Z'));
    expect(await closings('2026-03-06', '2026-03-10')).toEqual([
      '2026-03-06 0.00',
      '2026-03-07 10.00',
      '2026-03-08 15.00',
      '2026-03-09 16.00',
      '2026-03-10 16.00',
    ]);
  });

  it('refuses a period past today or longer than 366 days, and another client’s account', async () => {
    clock.set(new Date('2026-03-10T15:00:00.000Z'));
    await expect(closings('2026-03-10', '2026-03-11')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(closings('2025-03-09', '2026-03-10')).rejects.toMatchObject({ code: 'DATE_RANGE_TOO_LARGE' });
    await expect(history.execute('someone-else', { dateFrom: '2026-03-10', dateTo: '2026-03-10' })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });
});
