import { DueDateTerms } from './due-date-terms.value-object.js';

describe('DueDateTerms', () => {
  it('keeps the terms given and leaves out the ones not given (absent, not undefined)', () => {
    const terms = DueDateTerms.of({ dueDate: '2026-03-20', penalty: { mode: 2, value: '2.00' }, interest: undefined });

    expect(Object.keys(terms)).toEqual(['dueDate', 'penalty']);
    expect(terms.penalty).toEqual({ mode: 2, value: '2.00' });
    expect('interest' in terms).toBe(false);
  });

  it('is a frozen copy: changing what it was built from changes nothing', () => {
    const fixedDates = [{ date: '2026-03-10', value: '5.00' }];
    const discount = { mode: 1 as const, fixedDates };
    const terms = DueDateTerms.of({ dueDate: '2026-03-20', discount });
    fixedDates[0]!.value = '9.00';
    fixedDates.push({ date: '2026-03-15', value: '1.00' });

    expect(terms.discount).toEqual({ mode: 1, fixedDates: [{ date: '2026-03-10', value: '5.00' }] });
    expect(Object.isFrozen(terms)).toBe(true);
    expect(Object.isFrozen(terms.discount)).toBe(true);
    expect(Object.isFrozen(terms.discount!.fixedDates)).toBe(true);
  });

  // The `terms` column of cash_in_charges holds this JSON; charges stored before the value object read back the same.
  it('is stored as the JSON of its fields, and the JSON restores an equal value', () => {
    const stored =
      '{"dueDate":"2026-03-20","penalty":{"mode":2,"value":"2.00"},"interest":{"mode":3,"value":"1.00"},' +
      '"discount":{"mode":1,"fixedDates":[{"date":"2026-03-10","value":"5.00"}]},"rebate":{"mode":1,"value":"1.50"}}';
    const terms = DueDateTerms.of(JSON.parse(stored));

    expect(JSON.stringify(terms)).toBe(stored);
    expect(DueDateTerms.of(JSON.parse(JSON.stringify(terms)))).toStrictEqual(terms);
    expect(JSON.stringify(DueDateTerms.of({ dueDate: '2026-03-20', discount: { mode: 3, value: '0.10' } }))).toBe(
      '{"dueDate":"2026-03-20","discount":{"mode":3,"value":"0.10"}}',
    );
  });
});
