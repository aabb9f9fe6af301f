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

const DUE = '2024-03-10';
const terms = (paymentDate: string, extra: Partial<DueDateChargeTerms> = {}): DueDateChargeTerms => ({
  originalAmount: Money.of('100.00'),
  dueDate: DUE,
  paymentDate,
  ...extra,
});
const final = (t: DueDateChargeTerms): string => calculate(t).finalAmount.toFixed2();
const fixedDates = [
  { date: '2024-03-05', value: '5.00' },
  { date: '2024-03-01', value: '10.00' },
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
      const result = calculate(terms('2024-03-25', { penalty: { mode: 2, value: '2.00' }, interest: { mode: 3, value: '1.00' } }));
      expect(result.daysLate).toBe(15);
      expect(result.penalty.toFixed2()).toBe('2.00');
      expect(result.interest.toFixed2()).toBe('0.50');
      expect(result.finalAmount.toFixed2()).toBe('102.50');
    });

    it('adds a fixed penalty and BRL per day: 5 days x 0.10 + 5.00 -> 105.50', () => {
      expect(final(terms('2024-03-15', { penalty: { mode: 1, value: '5.00' }, interest: { mode: 1, value: '0.10' } }))).toBe('105.50');
    });

    it('adds percent per day: 100 x 0.0333% x 10 days = 0.333 -> 0.33', () => {
      expect(final(terms('2024-03-20', { interest: { mode: 2, value: '0.0333' } }))).toBe('100.33');
    });

    it('adds percent per year over 365 days: 100 x 12% x 30/365 = 0.9863 -> 0.99', () => {
      expect(final(terms('2024-04-09', { interest: { mode: 4, value: '12.00' } }))).toBe('100.99');
    });

    it('counts calendar days across a leap day and a weekend', () => {
      // 2024-02-28 (Wed) -> 2024-03-01 (Fri): Feb 29 exists, 2 days late.
      expect(final(terms('2024-03-01', { dueDate: '2024-02-28', interest: { mode: 1, value: '1.00' } }))).toBe('102.00');
      // Due on Saturday 2024-03-09, paid Monday: not moved to the next business day, 2 days late.
      expect(calculate(terms('2024-03-11', { dueDate: '2024-03-09' })).daysLate).toBe(2);
    });

    it('counts across a year end', () => {
      expect(calculate(terms('2025-01-02', { dueDate: '2024-12-30' })).daysLate).toBe(3);
    });

    it('rounds each part half-up to cents: 2% of 10.25 = 0.205 -> 0.21', () => {
      expect(final(terms('2024-03-11', { originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2' } }))).toBe('10.46');
    });

    it('gives no discount once late, even before a later fixed date', () => {
      const result = calculate(terms('2024-03-11', { discount: { mode: 1, fixedDates: [{ date: '2024-03-20', value: '5.00' }] } }));
      expect(result.discount.isZero()).toBe(true);
      expect(result.finalAmount.toFixed2()).toBe('100.00');
    });
  });

  describe('on or before the due date', () => {
    it.each([
      ['2024-02-20', '90.00'],
      ['2024-03-01', '90.00'],
      ['2024-03-03', '95.00'],
      ['2024-03-05', '95.00'],
      ['2024-03-07', '100.00'],
    ])('applies the fixed discount of the first fixed date on or after %s -> %s', (paymentDate, amount) => {
      expect(final(terms(paymentDate, { discount: { mode: 1, fixedDates } }))).toBe(amount);
    });

    it('applies a percent fixed-date discount on the rebated amount: (100 - 20) x 10% -> 72.00', () => {
      const result = calculate(
        terms('2024-03-01', {
          rebate: { mode: 1, value: '20.00' },
          discount: { mode: 2, fixedDates: [{ date: '2024-03-01', value: '10.00' }] },
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
      const result = calculate(terms('2024-03-05', { discount: { mode: 3, value: '0.50' } }));
      expect(result.daysEarly).toBe(5);
      expect(result.finalAmount.toFixed2()).toBe('97.50');
      expect(final(terms(DUE, { discount: { mode: 3, value: '0.50' } }))).toBe('100.00');
    });

    it('gives percent per day of anticipation: 100 x 0.10% x 7 days -> 99.30', () => {
      expect(final(terms('2024-03-03', { discount: { mode: 4, value: '0.10' } }))).toBe('99.30');
    });

    it('adds no penalty or interest', () => {
      expect(final(terms(DUE, { penalty: { mode: 1, value: '5.00' }, interest: { mode: 1, value: '1.00' } }))).toBe('100.00');
    });
  });

  it('always subtracts the rebate, and percentages of a late charge apply to the rebated amount', () => {
    // base 95.00; penalty 2% = 1.90; interest 1%/month for 1 day = 0.031666 -> 0.03.
    const result = calculate(
      terms('2024-03-11', {
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
    expect(final(terms('2024-01-01', { discount: { mode: 3, value: '10.00' } }))).toBe('0.01');
    expect(final(terms(DUE, { rebate: { mode: 2, value: '100' } }))).toBe('0.01');
  });

  it.each([
    ['due_date', { dueDate: '2024-02-30' }],
    ['due_date', { dueDate: '2024-3-10' }],
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
    ['discount.value', { discount: { mode: 2, value: '3.00', fixedDates: [{ date: '2024-03-01', value: '1' }] } }],
    ['discount.fixed_dates', { discount: { mode: 3, value: '0.50', fixedDates: [{ date: '2024-03-01', value: '1' }] } }],
    ['discount.fixed_dates', { discount: { mode: 4, value: '0.50', fixedDates: [] } }],
    [
      'discount.fixed_dates[1].date',
      {
        discount: {
          mode: 1,
          fixedDates: [
            { date: '2024-03-01', value: '1' },
            { date: 'soon', value: '1' },
          ],
        },
      },
    ],
    ['discount.fixed_dates[0].value', { discount: { mode: 2, fixedDates: [{ date: '2024-03-01', value: '10%' }] } }],
  ] as Array<[string, Partial<DueDateChargeTerms>]>)('refuses a bad %s, whatever the payment date', (field, extra) => {
    for (const paymentDate of ['2024-03-01', DUE, '2024-03-20']) {
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
      discount: fc.record({ mode: fc.constantFrom(3 as const, 4 as const), value: fc.stringMatching(/^0\.\d{2}$/) }),
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
    }
    const fixedTen = [
      { date: '2024-03-01', value: '10.00' },
      { date: '2024-03-05', value: '5.00' },
    ];
    const examples: Array<[string, Example]> = [
      [
        'penalty mode 1',
        { terms: { penalty: { mode: 1, value: '5.00' } }, paid: '2024-03-12', parts: { penalty: '5.00' }, final: '105.00' },
      ],
      ['penalty mode 1', { terms: { penalty: { mode: 1, value: '5.00' } }, paid: '2024-03-10', parts: {}, final: '100.00' }],
      [
        'penalty mode 2',
        {
          terms: { originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2.00' } },
          paid: '2024-03-11',
          parts: { penalty: '0.21' },
          final: '10.46',
        },
      ],
      [
        'interest mode 1',
        { terms: { interest: { mode: 1, value: '0.10' } }, paid: '2024-03-15', parts: { interest: '0.50' }, final: '100.50' },
      ],
      [
        'interest mode 2',
        { terms: { interest: { mode: 2, value: '0.0333' } }, paid: '2024-03-20', parts: { interest: '0.33' }, final: '100.33' },
      ],
      [
        'interest mode 3',
        { terms: { interest: { mode: 3, value: '1.00' } }, paid: '2024-03-25', parts: { interest: '0.50' }, final: '100.50' },
      ],
      [
        'interest mode 4',
        { terms: { interest: { mode: 4, value: '12.00' } }, paid: '2024-04-09', parts: { interest: '0.99' }, final: '100.99' },
      ],
      [
        'discount mode 1',
        { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-02-25', parts: { discount: '10.00' }, final: '90.00' },
      ],
      [
        'discount mode 1',
        { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-03-01', parts: { discount: '10.00' }, final: '90.00' },
      ],
      [
        'discount mode 1',
        { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-03-03', parts: { discount: '5.00' }, final: '95.00' },
      ],
      [
        'discount mode 1',
        { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-03-05', parts: { discount: '5.00' }, final: '95.00' },
      ],
      ['discount mode 1', { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-03-07', parts: {}, final: '100.00' }],
      ['discount mode 1', { terms: { discount: { mode: 1, fixedDates: fixedTen } }, paid: '2024-03-11', parts: {}, final: '100.00' }],
      [
        'discount mode 2',
        {
          terms: { originalAmount: Money.of('250.00'), discount: { mode: 2, fixedDates: [{ date: '2024-03-05', value: '3.00' }] } },
          paid: '2024-03-04',
          parts: { discount: '7.50' },
          final: '242.50',
        },
      ],
      [
        'discount mode 2',
        {
          terms: { originalAmount: Money.of('250.00'), discount: { mode: 2, fixedDates: [{ date: '2024-03-05', value: '3.00' }] } },
          paid: '2024-03-06',
          parts: {},
          final: '250.00',
        },
      ],
      [
        'discount mode 3',
        { terms: { discount: { mode: 3, value: '0.50' } }, paid: '2024-03-05', parts: { discount: '2.50' }, final: '97.50' },
      ],
      ['discount mode 3', { terms: { discount: { mode: 3, value: '0.50' } }, paid: '2024-03-10', parts: {}, final: '100.00' }],
      [
        'discount mode 4',
        { terms: { discount: { mode: 4, value: '0.10' } }, paid: '2024-03-03', parts: { discount: '0.70' }, final: '99.30' },
      ],
      [
        'rebate mode 1',
        {
          terms: { rebate: { mode: 1, value: '20.00' }, discount: { mode: 2, fixedDates: [{ date: '2024-03-01', value: '10.00' }] } },
          paid: '2024-03-01',
          parts: { rebate: '20.00', discount: '8.00' },
          final: '72.00',
        },
      ],
      [
        'rebate mode 1',
        {
          terms: { rebate: { mode: 1, value: '20.00' }, discount: { mode: 2, fixedDates: [{ date: '2024-03-01', value: '10.00' }] } },
          paid: '2024-03-12',
          parts: { rebate: '20.00' },
          final: '80.00',
        },
      ],
      [
        'rebate mode 2',
        {
          terms: { rebate: { mode: 2, value: '5.00' }, penalty: { mode: 2, value: '2.00' }, interest: { mode: 3, value: '1.00' } },
          paid: '2024-03-11',
          parts: { rebate: '5.00', penalty: '1.90', interest: '0.03' },
          final: '96.93',
        },
      ],
      [
        'rounding',
        {
          terms: { originalAmount: Money.of('10.25'), penalty: { mode: 2, value: '2.00' }, interest: { mode: 2, value: '2.00' } },
          paid: '2024-03-11',
          parts: { penalty: '0.21', interest: '0.21' },
          final: '10.67',
        },
      ],
      [
        'calendar days',
        {
          terms: { dueDate: '2024-03-09', interest: { mode: 1, value: '1.00' } },
          paid: '2024-03-11',
          parts: { interest: '2.00' },
          final: '102.00',
        },
      ],
      [
        'calendar days',
        {
          terms: { dueDate: '2024-02-28', interest: { mode: 1, value: '1.00' } },
          paid: '2024-03-01',
          parts: { interest: '2.00' },
          final: '102.00',
        },
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
        // Each example is also a charge that could be created on 2024-02-20.
        const { originalAmount, dueDate, penalty, interest, discount, rebate } = charge;
        expect(() =>
          validateDueDateTerms(DueDateTerms.of({ dueDate, penalty, interest, discount, rebate }), originalAmount, '2024-02-20'),
        ).not.toThrow();
      },
    );
  });
});
