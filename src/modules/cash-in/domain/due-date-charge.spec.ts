import fc from 'fast-check';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { calculateDueDateCharge, type DueDateChargeAmounts } from './due-date-charge.js';
import { InvalidDueDateChargeError } from './due-date-charge.errors.js';
import { validateDueDateTerms } from './due-date-terms.js';
import { DueDateTerms, type DueDateTermsFields } from './due-date-terms.value-object.js';

/** The terms with the amount and the day of the payment, as the examples below write them. */
type DueDateChargeTerms = DueDateTermsFields & { originalAmount: Money; paymentDate: string };
const calculate = ({ originalAmount, paymentDate, ...fields }: DueDateChargeTerms): DueDateChargeAmounts =>
  calculateDueDateCharge(DueDateTerms.of(fields), originalAmount, paymentDate);

/** A Tuesday, a business day. */
const DUE = '2026-03-10';
const terms = (paymentDate: string, extra: Partial<DueDateChargeTerms> = {}): DueDateChargeTerms => ({
  originalAmount: Money.of('100.00'),
  dueDate: DUE,
  paymentDate,
  ...extra,
});
const final = (t: DueDateChargeTerms): string => calculate(t).finalAmount.toFixed2();
const fixedDates = [
  { date: '2026-03-05', value: '5.00' },
  { date: '2026-03-01', value: '10.00' },
];

describe('calculateDueDateCharge', () => {
  it('charges the original amount on the due date when no terms are set', () => {
    const result = calculate(terms(DUE));
    expect(result.finalAmount.toFixed2()).toBe('100.00');
    expect([result.daysLate, result.daysEarly]).toEqual([0, 0]);
    expect([result.rebate, result.discount, result.penalty, result.interest].every((m) => m.isZero())).toBe(true);
  });

  describe('after the due date', () => {
    it('adds a 2% penalty and 1% a month interest pro rata: 15 days late -> 100 + 2.00 + 0.50', () => {
      const result = calculate(terms('2026-03-25', { penalty: { mode: 2, value: '2.00' }, interest: { mode: 3, value: '1.00' } }));
      expect(result.daysLate).toBe(15);
      expect(result.penalty.toFixed2()).toBe('2.00');
      expect(result.interest.toFixed2()).toBe('0.50');
      expect(result.finalAmount.toFixed2()).toBe('102.50');
    });

    it('adds a fixed penalty and BRL per day: 5 days x 0.10 + 5.00 -> 105.50', () => {
      expect(final(terms('2026-03-15', { penalty: { mode: 1, value: '5.00' }, interest: { mode: 1, value: '0.10' } }))).toBe('105.50');
    });

    it('adds percent per day: 100 x 0.0333% x 10 days = 0.333 -> 0.33', () => {
      expect(final(terms('2026-03-20', { interest: { mode: 2, value: '0.0333' } }))).toBe('100.33');
    });

    it('adds percent per year over 365 days: 100 x 12% x 30/365 = 0.9863 -> 0.99', () => {
      expect(final(terms('2026-04-09', { interest: { mode: 4, value: '12.00' } }))).toBe('100.99');
    });

    it('counts calendar days across a leap day and a weekend', () => {
      // 2024-02-28 (Wed) -> 2024-03-01 (Fri): Feb 29 exists, 2 days late.
      expect(final(terms('2024-03-01', { dueDate: '2024-02-28', interest: { mode: 1, value: '1.00' } }))).toBe('102.00');
      // Due on Friday 2026-03-06, paid Monday: the weekend counts, 3 days late.
      expect(calculate(terms('2026-03-09', { dueDate: '2026-03-06', interest: { mode: 1, value: '1.00' } })).daysLate).toBe(3);
    });

    it('moves a due date on a weekend to Monday: paid that Monday it is not late, paid Tuesday it is 1 day late', () => {
      const late = { dueDate: '2026-03-07', penalty: { mode: 1 as const, value: '2.00' }, interest: { mode: 1 as const, value: '1.00' } };
      const monday = calculate(terms('2026-03-09', late));
      expect([monday.effectiveDueDate, monday.daysLate, monday.finalAmount.toFixed2()]).toEqual(['2026-03-09', 0, '100.00']);
      const tuesday = calculate(terms('2026-03-10', late));
      expect([tuesday.daysLate, tuesday.penalty.toFixed2(), tuesday.interest.toFixed2()]).toEqual([1, '2.00', '1.00']);
    });

    it.each([
      ['2026-02-16', '2026-02-18', 'Carnival Monday'],
      ['2026-04-03', '2026-04-06', 'Good Friday'],
      ['2026-04-21', '2026-04-22', 'Tiradentes'],
      ['2026-06-04', '2026-06-05', 'Corpus Christi'],
      ['2026-12-25', '2026-12-28', 'Christmas'],
      ['2027-02-08', '2027-02-10', 'Carnival Monday 2027'],
      ['2027-03-26', '2027-03-29', 'Good Friday 2027'],
      ['2027-05-27', '2027-05-28', 'Corpus Christi 2027'],
    ])('moves a due date on %s to %s (%s): no penalty that day, penalty the day after', (dueDate, moved) => {
      const penalty = { mode: 1 as const, value: '2.00' };
      const onMoved = calculate(terms(moved, { dueDate, penalty }));
      expect([onMoved.effectiveDueDate, onMoved.penalty.toFixed2(), onMoved.finalAmount.toFixed2()]).toEqual([moved, '0.00', '100.00']);
      const dayAfter = new Date(Date.parse(`${moved}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(calculate(terms(dayAfter, { dueDate, penalty })).finalAmount.toFixed2()).toBe('102.00');
    });

    it('counts across a year end', () => {
      expect(calculate(terms('2027-01-02', { dueDate: '2026-12-30' })).daysLate).toBe(3);
    });

    it('rounds each part half-up to cents: 2% of 10.25 = 0.205 -> 0.21', () => {
      expect(final(terms('2026-03-11', { originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2' } }))).toBe('10.46');
    });

    it('gives no discount once late, even before a later fixed date', () => {
      const result = calculate(terms('2026-03-11', { discount: { mode: 1, fixedDates: [{ date: '2026-03-20', value: '5.00' }] } }));
      expect(result.discount.isZero()).toBe(true);
      expect(result.finalAmount.toFixed2()).toBe('100.00');
    });
  });

  describe('on or before the due date', () => {
    it.each([
      ['2026-02-20', '90.00'],
      ['2026-03-01', '90.00'],
      ['2026-03-03', '95.00'],
      ['2026-03-05', '95.00'],
      ['2026-03-07', '100.00'],
    ])('applies the fixed discount of the first fixed date on or after %s -> %s', (paymentDate, amount) => {
      expect(final(terms(paymentDate, { discount: { mode: 1, fixedDates } }))).toBe(amount);
    });

    it('applies a percent fixed-date discount on the rebated amount: (100 - 20) x 10% -> 72.00', () => {
      const result = calculate(
        terms('2026-03-01', {
          rebate: { mode: 1, value: '20.00' },
          discount: { mode: 2, fixedDates: [{ date: '2026-03-01', value: '10.00' }] },
        }),
      );
      expect(result.rebate.toFixed2()).toBe('20.00');
      expect(result.discount.toFixed2()).toBe('8.00');
      expect(result.finalAmount.toFixed2()).toBe('72.00');
    });

    it('takes modes 1-2 only from fixed dates: a bare `value` until the due date is refused, as validateDueDateTerms does', () => {
      // One fixed date on the due date says the same thing, in the one form the Central Bank's cobv allows.
      expect(final(terms(DUE, { discount: { mode: 1, fixedDates: [{ date: DUE, value: '3.00' }] } }))).toBe('97.00');
      expect(() => calculate(terms(DUE, { discount: { mode: 1, value: '3.00' } }))).toThrow(InvalidDueDateChargeError);
    });

    it('gives BRL per day of anticipation: 5 days x 0.50 -> 97.50, none on the due date', () => {
      const result = calculate(terms('2026-03-05', { discount: { mode: 3, value: '0.50' } }));
      expect(result.daysEarly).toBe(5);
      expect(result.finalAmount.toFixed2()).toBe('97.50');
      expect(final(terms(DUE, { discount: { mode: 3, value: '0.50' } }))).toBe('100.00');
    });

    it('gives percent per calendar day of anticipation (mode 5): 100 x 0.10% x 7 days -> 99.30', () => {
      expect(final(terms('2026-03-03', { discount: { mode: 5, value: '0.10' } }))).toBe('99.30');
    });

    it('gives BRL per business day of anticipation (mode 4): Thursday to Tuesday is 3 business days x 0.50 -> 98.50', () => {
      expect(final(terms('2026-03-05', { discount: { mode: 4, value: '0.50' } }))).toBe('98.50');
    });

    it('gives percent per business day of anticipation (mode 6): 100 x 0.10% x 5 business days -> 99.50', () => {
      expect(final(terms('2026-03-03', { discount: { mode: 6, value: '0.10' } }))).toBe('99.50');
    });

    it('skips Carnival in business-day discounts: due Friday 2026-02-20, paid Friday 2026-02-13', () => {
      const paid = { dueDate: '2026-02-20' };
      expect(final(terms('2026-02-13', { ...paid, discount: { mode: 4, value: '0.50' } }))).toBe('98.50');
      expect(final(terms('2026-02-13', { ...paid, discount: { mode: 3, value: '0.50' } }))).toBe('96.50');
    });

    it('counts early days up to the moved due date: due Saturday, paid Friday is 3 calendar days, 1 business day early', () => {
      const result = calculate(terms('2026-03-06', { dueDate: '2026-03-07', discount: { mode: 3, value: '0.50' } }));
      expect([result.daysEarly, result.discount.toFixed2()]).toEqual([3, '1.50']);
      expect(final(terms('2026-03-06', { dueDate: '2026-03-07', discount: { mode: 4, value: '0.50' } }))).toBe('99.50');
      // Paid on the Sunday between: not late, 1 day (and 1 business day) before Monday.
      expect(final(terms('2026-03-08', { dueDate: '2026-03-07', discount: { mode: 3, value: '0.50' } }))).toBe('99.50');
    });

    it('does not move a fixed date that falls on a weekend', () => {
      const discount = { mode: 1 as const, fixedDates: [{ date: '2026-03-07', value: '5.00' }] };
      expect(final(terms('2026-03-07', { discount }))).toBe('95.00');
      expect(final(terms('2026-03-09', { discount }))).toBe('100.00');
    });

    it('adds no penalty or interest', () => {
      expect(final(terms(DUE, { penalty: { mode: 1, value: '5.00' }, interest: { mode: 1, value: '1.00' } }))).toBe('100.00');
    });
  });

  it('always subtracts the rebate, and percentages of a late charge apply to the rebated amount', () => {
    // base 95.00; penalty 2% = 1.90; interest 1%/month for 1 day = 0.031666 -> 0.03.
    const result = calculate(
      terms('2026-03-11', {
        rebate: { mode: 2, value: '5.00' },
        penalty: { mode: 2, value: '2.00' },
        interest: { mode: 3, value: '1.00' },
      }),
    );
    expect([result.rebate, result.penalty, result.interest, result.finalAmount].map((m) => m.toFixed2())).toEqual([
      '5.00',
      '1.90',
      '0.03',
      '96.93',
    ]);
  });

  it('never goes below 0.01', () => {
    expect(final(terms(DUE, { rebate: { mode: 1, value: '150.00' } }))).toBe('0.01');
    expect(final(terms('2026-01-01', { discount: { mode: 3, value: '10.00' } }))).toBe('0.01');
    expect(final(terms(DUE, { rebate: { mode: 2, value: '100' } }))).toBe('0.01');
  });

  it.each([
    ['due_date', { dueDate: '2026-02-30' }],
    ['due_date', { dueDate: '2026-3-10' }],
    ['payment_date', { paymentDate: '2024/03/01' }],
    ['penalty.value', { penalty: { mode: 1, value: '2,00' } }],
    ['penalty.value', { penalty: { mode: 2, value: '1e2' } }],
    ['penalty.mode', { penalty: { mode: 3, value: '1.00' } }],
    ['rebate.value', { rebate: { mode: 1, value: '-1.00' } }],
    ['rebate.mode', { rebate: { mode: 0, value: '1.00' } }],
    ['interest.mode', { interest: { mode: 5, value: '1.00' } }],
    ['interest.value', { interest: { mode: 2, value: '1000' } }],
    ['discount.mode', { discount: { mode: 7, value: '1.00' } }],
    ['discount.value', { discount: { mode: 3 } }],
    ['discount.fixed_dates', { discount: { mode: 1 } }],
    ['discount.fixed_dates', { discount: { mode: 2, fixedDates: [] } }],
    ['discount.value', { discount: { mode: 1, value: '3.00' } }],
    ['discount.value', { discount: { mode: 2, value: '3.00', fixedDates: [{ date: '2026-03-01', value: '1' }] } }],
    ['discount.fixed_dates', { discount: { mode: 3, value: '0.50', fixedDates: [{ date: '2026-03-01', value: '1' }] } }],
    ['discount.fixed_dates', { discount: { mode: 4, value: '0.50', fixedDates: [] } }],
    ['discount.fixed_dates', { discount: { mode: 6, value: '0.50', fixedDates: [] } }],
    ['discount.value', { discount: { mode: 5 } }],
    ['discount.value', { discount: { mode: 6, value: '1e2' } }],
    ['discount.value', { discount: { mode: 4, value: '0.501' } }],
    [
      'discount.fixed_dates[1].date',
      {
        discount: {
          mode: 1,
          fixedDates: [
            { date: '2026-03-01', value: '1' },
            { date: 'soon', value: '1' },
          ],
        },
      },
    ],
    ['discount.fixed_dates[0].value', { discount: { mode: 2, fixedDates: [{ date: '2026-03-01', value: '10%' }] } }],
  ] as Array<[string, Partial<DueDateChargeTerms>]>)('refuses a bad %s, whatever the payment date', (field, extra) => {
    for (const paymentDate of ['2026-03-01', DUE, '2026-03-20']) {
      let error: unknown;
      try {
        calculate(terms(paymentDate, extra as Partial<DueDateChargeTerms>));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidDueDateChargeError);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_ERROR');
      expect((error as DomainError).details).toEqual([{ field, issue: expect.any(String) }]);
    }
  });

  it('never charges less for paying later, and always at least 0.01 (property)', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const percent = fc.stringMatching(/^\d{1,2}(\.\d{1,2})?$/);
    const charge = fc.record({
      original: fc.stringMatching(/^[1-9]\d{0,5}\.\d{2}$/),
      due: day,
      a: day,
      b: day,
      penalty: fc.record({ mode: fc.constantFrom(1 as const, 2 as const), value: percent }),
      interest: fc.record({ mode: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const), value: percent }),
      discount: fc.record({
        mode: fc.constantFrom(3 as const, 4 as const, 5 as const, 6 as const),
        value: fc.stringMatching(/^0\.\d{2}$/),
      }),
    });
    fc.assert(
      fc.property(charge, ({ original, due, a, b, penalty, interest, discount }) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const base = { originalAmount: Money.of(original), dueDate: due, penalty, interest, discount };
        const first = calculate({ ...base, paymentDate: early }).finalAmount;
        const second = calculate({ ...base, paymentDate: late }).finalAmount;
        expect(second.gte(first)).toBe(true);
        expect(first.gte(Money.of('0.01'))).toBe(true);
      }),
    );
  });

  // Every row is a worked example of docs/due-date-charges.md, with the same numbers; change both together.
  describe('worked examples of docs/due-date-charges.md', () => {
    interface Example {
      terms: Partial<DueDateChargeTerms>;
      paid: string;
      parts: { rebate?: string; discount?: string; penalty?: string; interest?: string };
      final: string;
      /** The day the charge could have been created; 2026-02-10 unless given. */
      created?: string;
    }
    const fixedTen = [
      { date: '2026-03-02', value: '10.00' },
      { date: '2026-03-05', value: '5.00' },
    ];
    const lateFees = { penalty: { mode: 1 as const, value: '2.00' }, interest: { mode: 1 as const, value: '1.00' } };
    const ex = (terms: Partial<DueDateChargeTerms>, paid: string, parts: Example['parts'], final: string, created?: string): Example => ({
      terms,
      paid,
      parts,
      final,
      ...(created !== undefined ? { created } : {}),
    });
    const examples: Array<[string, Example]> = [
      ['penalty mode 1', ex({ penalty: { mode: 1, value: '5.00' } }, '2026-03-12', { penalty: '5.00' }, '105.00')],
      ['penalty mode 1', ex({ penalty: { mode: 1, value: '5.00' } }, '2026-03-10', {}, '100.00')],
      [
        'penalty mode 2',
        ex({ originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2.00' } }, '2026-03-11', { penalty: '0.21' }, '10.46'),
      ],
      ['interest mode 1', ex({ interest: { mode: 1, value: '0.10' } }, '2026-03-15', { interest: '0.50' }, '100.50')],
      ['interest mode 2', ex({ interest: { mode: 2, value: '0.0333' } }, '2026-03-20', { interest: '0.33' }, '100.33')],
      ['interest mode 3', ex({ interest: { mode: 3, value: '1.00' } }, '2026-03-25', { interest: '0.50' }, '100.50')],
      ['interest mode 4', ex({ interest: { mode: 4, value: '12.00' } }, '2026-04-09', { interest: '0.99' }, '100.99')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-02-25', { discount: '10.00' }, '90.00')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-03-02', { discount: '10.00' }, '90.00')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-03-03', { discount: '5.00' }, '95.00')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-03-05', { discount: '5.00' }, '95.00')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-03-07', {}, '100.00')],
      ['discount mode 1', ex({ discount: { mode: 1, fixedDates: fixedTen } }, '2026-03-11', {}, '100.00')],
      [
        'discount mode 2',
        ex(
          { originalAmount: Money.of('250.00'), discount: { mode: 2, fixedDates: [{ date: '2026-03-05', value: '3.00' }] } },
          '2026-03-04',
          { discount: '7.50' },
          '242.50',
        ),
      ],
      [
        'discount mode 2',
        ex(
          { originalAmount: Money.of('250.00'), discount: { mode: 2, fixedDates: [{ date: '2026-03-05', value: '3.00' }] } },
          '2026-03-06',
          {},
          '250.00',
        ),
      ],
      ['discount mode 3', ex({ discount: { mode: 3, value: '0.50' } }, '2026-03-05', { discount: '2.50' }, '97.50')],
      ['discount mode 3', ex({ discount: { mode: 3, value: '0.50' } }, '2026-03-10', {}, '100.00')],
      ['discount mode 4', ex({ discount: { mode: 4, value: '0.50' } }, '2026-03-05', { discount: '1.50' }, '98.50')],
      ['discount mode 5', ex({ discount: { mode: 5, value: '0.10' } }, '2026-03-03', { discount: '0.70' }, '99.30')],
      ['discount mode 6', ex({ discount: { mode: 6, value: '0.10' } }, '2026-03-03', { discount: '0.50' }, '99.50')],
      [
        'rebate mode 1',
        ex(
          { rebate: { mode: 1, value: '20.00' }, discount: { mode: 2, fixedDates: [{ date: '2026-03-02', value: '10.00' }] } },
          '2026-03-02',
          { rebate: '20.00', discount: '8.00' },
          '72.00',
        ),
      ],
      [
        'rebate mode 1',
        ex(
          { rebate: { mode: 1, value: '20.00' }, discount: { mode: 2, fixedDates: [{ date: '2026-03-02', value: '10.00' }] } },
          '2026-03-12',
          { rebate: '20.00' },
          '80.00',
        ),
      ],
      [
        'rebate mode 2',
        ex(
          { rebate: { mode: 2, value: '5.00' }, penalty: { mode: 2, value: '2.00' }, interest: { mode: 3, value: '1.00' } },
          '2026-03-11',
          { rebate: '5.00', penalty: '1.90', interest: '0.03' },
          '96.93',
        ),
      ],
      [
        'rounding',
        ex(
          { originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2.00' }, interest: { mode: 2, value: '2.00' } },
          '2026-03-11',
          { penalty: '0.21', interest: '0.21' },
          '10.67',
        ),
      ],
      ['weekend', ex({ dueDate: '2026-03-07', ...lateFees }, '2026-03-09', {}, '100.00')],
      ['weekend', ex({ dueDate: '2026-03-07', ...lateFees }, '2026-03-10', { penalty: '2.00', interest: '1.00' }, '103.00')],
      ['good friday', ex({ dueDate: '2026-04-03', ...lateFees }, '2026-04-08', { penalty: '2.00', interest: '2.00' }, '104.00')],
      ['carnival', ex({ dueDate: '2026-02-14', ...lateFees }, '2026-02-18', {}, '100.00')],
      ['carnival', ex({ dueDate: '2026-02-14', ...lateFees }, '2026-02-19', { penalty: '2.00', interest: '1.00' }, '103.00')],
      ['christmas', ex({ dueDate: '2026-12-25', ...lateFees }, '2026-12-28', {}, '100.00', '2026-12-01')],
      [
        'christmas',
        ex({ dueDate: '2026-12-25', ...lateFees }, '2026-12-29', { penalty: '2.00', interest: '1.00' }, '103.00', '2026-12-01'),
      ],
      [
        'corpus christi 2027',
        ex({ dueDate: '2027-05-27', ...lateFees }, '2027-05-31', { penalty: '2.00', interest: '3.00' }, '105.00', '2027-05-01'),
      ],
      [
        'carnival, per day early',
        ex({ dueDate: '2026-02-20', discount: { mode: 3, value: '0.50' } }, '2026-02-13', { discount: '3.50' }, '96.50'),
      ],
      [
        'carnival, per day early',
        ex({ dueDate: '2026-02-20', discount: { mode: 4, value: '0.50' } }, '2026-02-13', { discount: '1.50' }, '98.50'),
      ],
      [
        'weekend, per day early',
        ex({ dueDate: '2026-03-07', discount: { mode: 3, value: '0.50' } }, '2026-03-06', { discount: '1.50' }, '98.50'),
      ],
      [
        'weekend, per day early',
        ex({ dueDate: '2026-03-07', discount: { mode: 4, value: '0.50' } }, '2026-03-06', { discount: '0.50' }, '99.50'),
      ],
      [
        'leap day',
        ex({ dueDate: '2024-02-28', interest: { mode: 1, value: '1.00' } }, '2024-03-01', { interest: '2.00' }, '102.00', '2024-02-20'),
      ],
    ];

    it.each(examples.map(([name, example]) => [name, example.paid, example.final, example] as const))(
      'docs example %s, paid %s -> %s',
      (_name, _paid, _final, example) => {
        const charge = terms(example.paid, example.terms);
        const result = calculate(charge);
        const parts = { rebate: '0.00', discount: '0.00', penalty: '0.00', interest: '0.00', ...example.parts };
        expect({
          rebate: result.rebate.toFixed2(),
          discount: result.discount.toFixed2(),
          penalty: result.penalty.toFixed2(),
          interest: result.interest.toFixed2(),
        }).toEqual(parts);
        expect(result.finalAmount.toFixed2()).toBe(example.final);
        // Each example is also a charge that could be created on its day of creation.
        const { originalAmount, dueDate, penalty, interest, discount, rebate } = charge;
        expect(() =>
          validateDueDateTerms(
            DueDateTerms.of({ dueDate, penalty, interest, discount, rebate }),
            originalAmount,
            example.created ?? '2026-02-10',
          ),
        ).not.toThrow();
      },
    );
  });
});
