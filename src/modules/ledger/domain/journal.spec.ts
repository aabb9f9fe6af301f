import { Money } from '../../../shared/money/money.js';
import { AccountBalance } from './account-balance.value-object.js';
import { buildJournal, isBalanced } from './journal.js';
import { OPERATION_TYPES } from './ledger-operation.js';

const bal = (available: string, blocked = '0') => new AccountBalance(Money.of(available), Money.of(blocked));

describe('buildJournal', () => {
  it('credits the account against settlement and stays balanced', () => {
    const draft = buildJournal([{ accountId: 'a', operation: 'credit', amount: Money.of('10.50') }], new Map([['a', bal('1')]]));
    expect(draft.balances.get('a')!.available.toFixed2()).toBe('11.50');
    expect(isBalanced(draft.postings)).toBe(true);
    expect(draft.postings.find((p) => p.internalAccount === 'settlement')!.amount.toFixed2()).toBe('-10.50');
  });

  it('holds, then captures, moving money through blocked', () => {
    const held = buildJournal([{ accountId: 'a', operation: 'hold', amount: Money.of('4') }], new Map([['a', bal('10')]]));
    expect(held.balances.get('a')).toEqual(bal('6', '4'));
    expect(isBalanced(held.postings)).toBe(true);
    const captured = buildJournal([{ accountId: 'a', operation: 'capture', amount: Money.of('4') }], held.balances);
    expect(captured.balances.get('a')!.total.toFixed2()).toBe('6.00');
    expect(isBalanced(captured.postings)).toBe(true);
  });

  it('refuses to overdraw available or blocked', () => {
    expect(() => buildJournal([{ accountId: 'a', operation: 'debit', amount: Money.of('10.01') }], new Map([['a', bal('10')]]))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }),
    );
    expect(() => buildJournal([{ accountId: 'a', operation: 'release', amount: Money.of('1') }], new Map([['a', bal('10')]]))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_BLOCKED_FUNDS' }),
    );
  });

  it('applies lines in order, so a credit can pay its own fee, with before/after per entry', () => {
    const draft = buildJournal(
      [
        { accountId: 'a', operation: 'credit', amount: Money.of('100') },
        { accountId: 'a', operation: 'fee', amount: Money.of('1.25') },
      ],
      new Map([['a', bal('0')]]),
    );
    const [, fee] = draft.entries;
    expect(fee?.before.available.toFixed2()).toBe('100.00');
    expect(fee?.after.available.toFixed2()).toBe('98.75');
    expect(isBalanced(draft.postings)).toBe(true);
  });

  it('keeps every operation type balanced', () => {
    for (const operation of OPERATION_TYPES) {
      const draft = buildJournal([{ accountId: 'a', operation, amount: Money.of('3') }], new Map([['a', bal('5', '5')]]));
      expect(isBalanced(draft.postings)).toBe(true);
    }
  });

  it('transfers between two accounts with a net-zero settlement', () => {
    const draft = buildJournal(
      [
        { accountId: 'a', operation: 'debit', amount: Money.of('7') },
        { accountId: 'b', operation: 'credit', amount: Money.of('7') },
      ],
      new Map([
        ['a', bal('7')],
        ['b', bal('0')],
      ]),
    );
    expect(draft.balances.get('a')!.available.isZero()).toBe(true);
    expect(draft.balances.get('b')!.available.toFixed2()).toBe('7.00');
    expect(isBalanced(draft.postings)).toBe(true);
  });
});
