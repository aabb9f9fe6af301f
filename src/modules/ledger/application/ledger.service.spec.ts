import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { BalanceTooLargeError, InsufficientBlockedFundsError, InsufficientFundsError } from '../domain/ledger.errors.js';
import type { OperationType } from '../domain/ledger-operation.js';
import type { Posting } from '../domain/journal.js';
import { FakeUnitOfWork, InMemoryLedger } from './ledger.fakes.js';
import { LedgerService, type Movement } from './ledger.service.js';

const line = (accountId: string, operation: OperationType, amount: string) => ({ accountId, operation, amount: Money.of(amount) });
const movement = (lines: Movement['lines'], transactionId: string | null = 'tx1', description = 'test'): Movement => ({
  transactionId,
  description,
  lines,
});
const postingsOf = (ps: Posting[]) => ps.map((p) => `${p.accountId ?? p.internalAccount}/${p.bucket} ${p.amount.toFixed2()}`);
const sum = (ps: Posting[]) => ps.reduce((s, p) => s.plus(p.amount), Money.zero()).toFixed2();

describe('LedgerService', () => {
  let repo: InMemoryLedger;
  let uow: FakeUnitOfWork;
  let ledger: LedgerService;

  beforeEach(() => {
    uow = new FakeUnitOfWork({ strict: true });
    repo = new InMemoryLedger(uow);
    ledger = new LedgerService(repo, uow);
  });

  const balance = async (accountId: string) => {
    const b = (await ledger.balanceOf(accountId))!.balance;
    return { available: b.available.toFixed2(), blocked: b.blocked.toFixed2(), total: b.total.toFixed2() };
  };

  describe('accounts', () => {
    it('opens an account with empty buckets for its client, and knows no other', async () => {
      await ledger.openAccount('a', 'client-1');
      const stored = await ledger.balanceOf('a');
      expect(stored).toMatchObject({ accountId: 'a', clientId: 'client-1' });
      expect(await balance('a')).toEqual({ available: '0.00', blocked: '0.00', total: '0.00' });
      expect(await ledger.balanceOf('nope')).toBeNull();
    });
  });

  describe('one operation at a time: buckets, postings and entries', () => {
    beforeEach(() => repo.seed('a', '100.00', '20.00'));

    it.each<[OperationType, string, string, string[]]>([
      ['credit', '130.00', '20.00', ['a/available 30.00', 'settlement/available -30.00']],
      ['debit', '70.00', '20.00', ['a/available -30.00', 'settlement/available 30.00']],
      ['hold', '70.00', '50.00', ['a/available -30.00', 'a/blocked 30.00']],
      ['block', '70.00', '50.00', ['a/available -30.00', 'a/blocked 30.00']],
      ['fee', '70.00', '20.00', ['a/available -30.00', 'fees/available 30.00']],
    ])('%s 30.00 leaves available %s, blocked %s', async (operation, available, blocked, postings) => {
      await ledger.post(movement([line('a', operation, '30.00')]));
      expect(await balance('a')).toMatchObject({ available, blocked });
      expect(repo.journals).toHaveLength(1);
      expect(postingsOf(repo.journals[0]!.postings)).toEqual(postings);
      expect(sum(repo.journals[0]!.postings)).toBe('0.00');
    });

    it.each<[OperationType, string, string, string[]]>([
      ['capture', '100.00', '5.00', ['a/blocked -15.00', 'settlement/available 15.00']],
      ['release', '115.00', '5.00', ['a/available 15.00', 'a/blocked -15.00']],
      ['unblock', '115.00', '5.00', ['a/available 15.00', 'a/blocked -15.00']],
    ])('%s 15.00 of the 20.00 blocked leaves available %s, blocked %s', async (operation, available, blocked, postings) => {
      await ledger.post(movement([line('a', operation, '15.00')]));
      expect(await balance('a')).toMatchObject({ available, blocked });
      expect(postingsOf(repo.journals[0]!.postings)).toEqual(postings);
      expect(sum(repo.journals[0]!.postings)).toBe('0.00');
    });

    it('holds, captures part and releases the rest: money leaves only through the capture', async () => {
      await ledger.post(movement([line('a', 'hold', '40.00')]));
      expect(await balance('a')).toEqual({ available: '60.00', blocked: '60.00', total: '120.00' });
      await ledger.post(movement([line('a', 'capture', '35.00')]));
      expect(await balance('a')).toEqual({ available: '60.00', blocked: '25.00', total: '85.00' });
      await ledger.post(movement([line('a', 'release', '25.00')]));
      expect(await balance('a')).toEqual({ available: '85.00', blocked: '0.00', total: '85.00' });
      await expect(repo.verify()).resolves.toMatchObject({ balanced: true, journalsChecked: 3 });
    });

    it('records each line as an entry with its before and after figures', async () => {
      await ledger.post(movement([line('a', 'hold', '30.00')], 'tx-hold'));
      expect(await ledger.entriesFor(['tx-hold'])).toEqual([
        {
          transactionId: 'tx-hold',
          accountId: 'a',
          operationType: 'hold',
          amount: '30.000000',
          status: 'posted',
          availableBefore: '100.000000',
          availableAfter: '70.000000',
          blockedBefore: '20.000000',
          blockedAfter: '50.000000',
          createdAt: new Date('2026-03-10T15:00:00.000Z'),
        },
      ]);
    });

    it("posts inside a unit of work, and joins the caller's rather than opening its own", async () => {
      await ledger.post(movement([line('a', 'credit', '1.00')]));
      expect(uow.committed).toBe(1);
      await uow.run(async () => {
        await ledger.post(movement([line('a', 'credit', '1.00')]));
        await ledger.post(movement([line('a', 'credit', '1.00')]));
      });
      expect(uow.committed).toBe(2);
      expect(await balance('a')).toMatchObject({ available: '103.00' });
    });
  });

  describe('refusals write nothing', () => {
    beforeEach(() => repo.seed('a', '10.00', '5.00'));

    const expectUntouched = async () => {
      expect(repo.journals).toEqual([]);
      expect(repo.entries).toEqual([]);
      expect(uow.committed).toBe(0);
      expect(await balance('a')).toEqual({ available: '10.00', blocked: '5.00', total: '15.00' });
    };

    it('refuses a debit one cent beyond available with INSUFFICIENT_FUNDS', async () => {
      const refusal = ledger.post(movement([line('a', 'debit', '10.01')]));
      await expect(refusal).rejects.toThrow(InsufficientFundsError);
      await expect(refusal).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Available balance 10.00 is less than 10.01' });
      await expectUntouched();
    });

    it('accepts a debit of exactly the available balance', async () => {
      await ledger.post(movement([line('a', 'debit', '10.00')]));
      expect(await balance('a')).toEqual({ available: '0.00', blocked: '5.00', total: '5.00' });
    });

    it.each<OperationType>(['hold', 'block', 'fee'])('refuses a %s beyond available with INSUFFICIENT_FUNDS', async (operation) => {
      await expect(ledger.post(movement([line('a', operation, '10.01')]))).rejects.toMatchObject({
        name: 'InsufficientFundsError',
        code: 'INSUFFICIENT_FUNDS',
        message: 'Available balance 10.00 is less than 10.01',
      });
      await expectUntouched();
    });

    it.each<OperationType>(['capture', 'release', 'unblock'])(
      'refuses a %s beyond blocked with INSUFFICIENT_BLOCKED_FUNDS',
      async (operation) => {
        const refusal = ledger.post(movement([line('a', operation, '5.01')]));
        await expect(refusal).rejects.toThrow(InsufficientBlockedFundsError);
        await expect(refusal).rejects.toMatchObject({
          code: 'INSUFFICIENT_BLOCKED_FUNDS',
          message: 'Blocked balance 5.00 is less than 5.01',
        });
        await expectUntouched();
      },
    );

    it('refuses a zero or negative amount as a programming error', async () => {
      await expect(ledger.post(movement([line('a', 'credit', '0')]))).rejects.toThrow(
        new Error('ledger amounts must be positive, got 0.000000'),
      );
      await expect(ledger.post(movement([line('a', 'debit', '-1')]))).rejects.toThrow(
        new Error('ledger amounts must be positive, got -1.000000'),
      );
      await expectUntouched();
    });

    it('refuses a credit that would take a bucket past what its column holds with AMOUNT_TOO_LARGE', async () => {
      repo.seed('big', '99999999999999.99');
      const refusal = ledger.post(movement([line('big', 'credit', '0.01')]));
      await expect(refusal).rejects.toThrow(BalanceTooLargeError);
      await expect(refusal).rejects.toMatchObject({
        code: 'AMOUNT_TOO_LARGE',
        message: 'An amount of 0.01 would take the balance beyond what an account can hold',
        details: [{ field: 'amount', issue: 'would take the balance beyond 99999999999999.99' }],
      });
      expect(repo.journals).toEqual([]);
    });

    it('refuses a movement touching an unknown account with ACCOUNT_NOT_FOUND', async () => {
      const refusal = ledger.post(movement([line('a', 'debit', '1.00'), line('ghost', 'credit', '1.00')]));
      await expect(refusal).rejects.toThrow(DomainError);
      await expect(refusal).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND', message: 'Ledger account not found' });
      await expectUntouched();
    });

    it('refuses the whole movement when a later line fails, although earlier lines alone would pass', async () => {
      repo.seed('b', '0');
      await expect(ledger.post(movement([line('b', 'credit', '50.00'), line('a', 'debit', '10.01')]))).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
      });
      await expectUntouched();
      expect(await balance('b')).toEqual({ available: '0.00', blocked: '0.00', total: '0.00' });
    });
  });

  describe('journals balance', () => {
    it('transfers between two accounts with a fee: postings sum to zero and settlement nets out', async () => {
      repo.seed('a', '50.00');
      repo.seed('b', '0');
      await ledger.post(movement([line('a', 'debit', '20.00'), line('b', 'credit', '20.00'), line('b', 'fee', '0.50')]));
      const [journal] = repo.journals;
      expect(postingsOf(journal!.postings)).toEqual([
        'a/available -20.00',
        'settlement/available 20.00',
        'b/available 20.00',
        'settlement/available -20.00',
        'b/available -0.50',
        'fees/available 0.50',
      ]);
      expect(sum(journal!.postings)).toBe('0.00');
      expect(await balance('a')).toEqual({ available: '30.00', blocked: '0.00', total: '30.00' });
      expect(await balance('b')).toEqual({ available: '19.50', blocked: '0.00', total: '19.50' });
      expect(await repo.verify()).toEqual({
        balanced: true,
        journalsChecked: 1,
        accountsChecked: 2,
        unbalancedJournals: [],
        mismatchedAccounts: [],
        strandedOnUs: [],
      });
    });

    it('applies the lines of one movement in order, so a credit can pay its own fee', async () => {
      await ledger.openAccount('a', 'client-1');
      await ledger.post(movement([line('a', 'credit', '100.00'), line('a', 'fee', '1.25')], 'tx-in'));
      expect(await balance('a')).toMatchObject({ available: '98.75' });
      expect((await ledger.entriesFor(['tx-in'])).map((e) => [e.operationType, e.availableBefore, e.availableAfter])).toEqual([
        ['credit', '0.000000', '100.000000'],
        ['fee', '100.000000', '98.750000'],
      ]);
    });
  });

  describe('postAll', () => {
    beforeEach(() => {
      repo.seed('b', '10.00');
      repo.seed('a', '10.00');
      repo.seed('c', '0');
    });

    it('locks every account of every movement once, in one call, before writing any journal', async () => {
      await ledger.postAll([
        movement([line('b', 'debit', '5.00'), line('a', 'credit', '5.00')], 'tx1', 'first'),
        movement([line('a', 'debit', '1.00'), line('c', 'credit', '1.00'), line('b', 'fee', '0.10')], 'tx2', 'second'),
      ]);
      expect(repo.calls).toEqual(['lock b,a,c', 'journal j1 first', 'journal j2 second']);
    });

    it('writes one journal per movement, in order, each starting from the balances the previous one left', async () => {
      // The second debit needs the first credit: 10.00 + 5.00 - 12.00.
      await ledger.postAll([
        movement([line('a', 'credit', '5.00')], 'tx1', 'first'),
        movement([line('a', 'debit', '12.00')], 'tx2', 'second'),
      ]);
      expect(repo.journals.map((j) => [j.id, j.transactionId, j.description])).toEqual([
        ['j1', 'tx1', 'first'],
        ['j2', 'tx2', 'second'],
      ]);
      expect((await ledger.entriesFor(['tx1', 'tx2'])).map((e) => [e.transactionId, e.availableBefore, e.availableAfter])).toEqual([
        ['tx1', '10.000000', '15.000000'],
        ['tx2', '15.000000', '3.000000'],
      ]);
      expect(await balance('a')).toMatchObject({ available: '3.00' });
      expect(uow.committed).toBe(1);
    });

    it('throws out of the unit of work when a later movement fails, so none of them commits', async () => {
      const refusal = ledger.postAll([
        movement([line('a', 'debit', '10.00')], 'tx1', 'first'),
        movement([line('a', 'fee', '0.01')], 'tx2', 'second'),
      ]);
      await expect(refusal).rejects.toThrow(InsufficientFundsError);
      await expect(refusal).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Available balance 0.00 is less than 0.01' });
      // The first journal went to the repository inside the unit of work; the refusal rolls it back there.
      expect(repo.calls).toEqual(['lock a', 'journal j1 first']);
      expect(uow.committed).toBe(0);
    });

    it('locks nothing outside a unit of work (the repository would let the row locks go at once)', async () => {
      await expect(repo.lockBalances(['a'])).rejects.toThrow(new Error('lockBalances must run inside UnitOfWork.run'));
      await ledger.postAll([movement([line('a', 'debit', '1.00')])]);
      expect(repo.calls).toEqual(['lock a', 'journal j1 test']);
    });
  });

  describe('no deduplication', () => {
    it("posts the same movement twice when asked twice: idempotency is the caller's", async () => {
      repo.seed('a', '10.00');
      const debit = movement([line('a', 'debit', '4.00')], 'tx-same');
      await ledger.post(debit);
      await ledger.post(debit);
      expect(repo.journals.map((j) => j.transactionId)).toEqual(['tx-same', 'tx-same']);
      expect(await balance('a')).toMatchObject({ available: '2.00' });
      await expect(ledger.post(debit)).rejects.toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message: 'Available balance 2.00 is less than 4.00',
      });
    });
  });

  describe('entriesFor', () => {
    it("answers no ids without asking the repository, and otherwise only the named transactions' entries", async () => {
      repo.seed('a', '10.00');
      await ledger.post(movement([line('a', 'debit', '1.00')], 'tx1'));
      await ledger.post(movement([line('a', 'debit', '2.00')], 'tx2'));
      await ledger.post(movement([line('a', 'debit', '3.00')], null));
      repo.calls.length = 0;
      expect(await ledger.entriesFor([])).toEqual([]);
      expect(repo.calls).toEqual([]);
      expect((await ledger.entriesFor(['tx2', 'unknown'])).map((e) => [e.transactionId, e.amount])).toEqual([['tx2', '2.000000']]);
      expect(repo.calls).toEqual(['entries tx2,unknown']);
    });
  });
});
