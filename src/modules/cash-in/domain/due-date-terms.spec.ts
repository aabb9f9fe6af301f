import fc from 'fast-check';
import { DomainError, type ErrorDetail } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { calculateDueDateCharge, effectiveDueDate } from './due-date-charge.js';
import { InvalidDueDateTermsError } from './due-date-charge.errors.js';
import { validateDueDateTerms } from './due-date-terms.js';
import {
  DueDateTerms,
  type Discount,
  type DueDateTermsFields,
  type Interest,
  type Penalty,
  type Rebate,
} from './due-date-terms.value-object.js';

/** The terms with the amount and the day the charge is created, as the cases below write them. */
type DueDateTermsInput = DueDateTermsFields & { amount: Money; today: string };
const validate = ({ amount, today, ...fields }: DueDateTermsInput): void => validateDueDateTerms(DueDateTerms.of(fields), amount, today);

const TODAY = '2026-02-20';
const DUE = '2026-03-11'; // a Wednesday, 19 days (13 business days) after TODAY, a Friday
const input = (extra: Record<string, unknown> = {}): DueDateTermsInput => ({
  amount: Money.of('100.00'),
  dueDate: DUE,
  today: TODAY,
  ...(extra as Partial<DueDateTermsInput>),
});

function problemsOf(extra: Record<string, unknown>): ErrorDetail[] {
  try {
    validate(input(extra));
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidDueDateTermsError);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('VALIDATION_ERROR');
    return (error as DomainError).details;
  }
}
const fieldsOf = (extra: Record<string, unknown>): string[] => problemsOf(extra).map((d) => d.field);

const fixed = (...entries: Array<[string, string]>): Array<{ date: string; value: string }> =>
  entries.map(([date, value]) => ({ date, value }));

describe('validateDueDateTerms', () => {
  it('accepts a charge without terms, and one with every kind of term', () => {
    expect(fieldsOf({})).toEqual([]);
    expect(
      fieldsOf({
        penalty: { mode: 2, value: '2.00' },
        interest: { mode: 3, value: '1.00' },
        rebate: { mode: 1, value: '10.00' },
        discount: { mode: 1, fixedDates: fixed(['2026-03-01', '10.00'], ['2026-03-05', '5.00'], [DUE, '1.00']) },
      }),
    ).toEqual([]);
  });

  // [rule, refused terms, the fields refused, a valid neighbour]
  const rules: Array<[string, Record<string, unknown>, string[], Record<string, unknown>]> = [
    // due_date
    ['due_date is a real calendar date (2026 has no 29 February)', { dueDate: '2026-02-29' }, ['due_date'], { dueDate: '2026-02-28' }],
    ['due_date is YYYY-MM-DD', { dueDate: '2026-3-10' }, ['due_date'], { dueDate: '2026-03-10' }],
    ['due_date is not before today', { dueDate: '2026-02-19' }, ['due_date'], { dueDate: TODAY }],
    // amount
    ['amount is at least 0.01', { amount: Money.of('0') }, ['amount'], { amount: Money.of('0.01') }],
    ['amount has whole cents', { amount: Money.of('10.005') }, ['amount'], { amount: Money.of('10.01') }],
    // penalty
    ['penalty.mode is 1 or 2', { penalty: { mode: 3, value: '1.00' } }, ['penalty.mode'], { penalty: { mode: 2, value: '1.00' } }],
    ['penalty.mode is an integer', { penalty: { mode: 1.5, value: '1.00' } }, ['penalty.mode'], { penalty: { mode: 1, value: '1.00' } }],
    ['penalty.mode is a number', { penalty: { mode: '1', value: '1.00' } }, ['penalty.mode'], { penalty: { mode: 1, value: '1.00' } }],
    ['penalty.value is required', { penalty: { mode: 1 } }, ['penalty.value'], { penalty: { mode: 1, value: '0.01' } }],
    [
      'penalty.value is required whatever the mode',
      { penalty: { mode: 9 } },
      ['penalty.mode', 'penalty.value'],
      { penalty: { mode: 1, value: '1' } },
    ],
    ['a fixed penalty is above zero', { penalty: { mode: 1, value: '0.00' } }, ['penalty.value'], { penalty: { mode: 1, value: '0.01' } }],
    [
      'a fixed penalty has up to 2 decimals',
      { penalty: { mode: 1, value: '1.001' } },
      ['penalty.value'],
      { penalty: { mode: 1, value: '1.00' } },
    ],
    [
      'a fixed penalty uses a decimal point',
      { penalty: { mode: 1, value: '2,00' } },
      ['penalty.value'],
      { penalty: { mode: 1, value: '2.00' } },
    ],
    ['a percent penalty is above zero', { penalty: { mode: 2, value: '0' } }, ['penalty.value'], { penalty: { mode: 2, value: '0.0001' } }],
    [
      'a percent penalty is at most 100',
      { penalty: { mode: 2, value: '100.0001' } },
      ['penalty.value'],
      { penalty: { mode: 2, value: '100' } },
    ],
    [
      'a percent has up to 4 decimals',
      { penalty: { mode: 2, value: '1.00001' } },
      ['penalty.value'],
      { penalty: { mode: 2, value: '1.0001' } },
    ],
    ['a percent has no exponent', { penalty: { mode: 2, value: '1e2' } }, ['penalty.value'], { penalty: { mode: 2, value: '100' } }],
    // interest
    ['interest.mode is at most 4', { interest: { mode: 5, value: '1.00' } }, ['interest.mode'], { interest: { mode: 4, value: '1.00' } }],
    ['interest.mode is at least 1', { interest: { mode: 0, value: '1.00' } }, ['interest.mode'], { interest: { mode: 1, value: '1.00' } }],
    [
      'interest.mode is an integer',
      { interest: { mode: 2.5, value: '1.00' } },
      ['interest.mode'],
      { interest: { mode: 2, value: '1.00' } },
    ],
    ['interest.value is required', { interest: { mode: 2 } }, ['interest.value'], { interest: { mode: 2, value: '0.0333' } }],
    [
      'interest in BRL per day is above zero',
      { interest: { mode: 1, value: '0' } },
      ['interest.value'],
      { interest: { mode: 1, value: '0.01' } },
    ],
    [
      'interest in BRL has no sign',
      { interest: { mode: 1, value: '-1.00' } },
      ['interest.value'],
      { interest: { mode: 1, value: '1.00' } },
    ],
    [
      'interest per day is at most 100%',
      { interest: { mode: 2, value: '100.01' } },
      ['interest.value'],
      { interest: { mode: 2, value: '100' } },
    ],
    [
      'interest per month is a percentage',
      { interest: { mode: 3, value: '1.5%' } },
      ['interest.value'],
      { interest: { mode: 3, value: '1.5' } },
    ],
    [
      'interest per year is above zero',
      { interest: { mode: 4, value: '0.0000' } },
      ['interest.value'],
      { interest: { mode: 4, value: '12' } },
    ],
    // rebate
    ['rebate.mode is 1 or 2', { rebate: { mode: 0, value: '1.00' } }, ['rebate.mode'], { rebate: { mode: 1, value: '1.00' } }],
    ['rebate.value is required', { rebate: { mode: 2 } }, ['rebate.value'], { rebate: { mode: 2, value: '5' } }],
    ['a fixed rebate is above zero', { rebate: { mode: 1, value: '0.00' } }, ['rebate.value'], { rebate: { mode: 1, value: '0.01' } }],
    [
      'a fixed rebate is below the amount',
      { rebate: { mode: 1, value: '100.00' } },
      ['rebate.value'],
      { rebate: { mode: 1, value: '99.99' } },
    ],
    [
      'a fixed rebate never exceeds the amount',
      { rebate: { mode: 1, value: '150.00' } },
      ['rebate.value'],
      { rebate: { mode: 1, value: '50.00' } },
    ],
    ['a percent rebate is not 100', { rebate: { mode: 2, value: '100' } }, ['rebate.value'], { rebate: { mode: 2, value: '99.99' } }],
    ['a percent rebate is at most 100', { rebate: { mode: 2, value: '120' } }, ['rebate.value'], { rebate: { mode: 2, value: '20' } }],
    [
      'a percent rebate leaves 0.01 after rounding (50% of 0.01 is 0.005 -> 0.01)',
      { amount: Money.of('0.01'), rebate: { mode: 2, value: '50' } },
      ['rebate.value'],
      { amount: Money.of('0.01'), rebate: { mode: 2, value: '49.9999' } },
    ],
    // discount: mode
    ['discount.mode is at most 6', { discount: { mode: 7, value: '1.00' } }, ['discount.mode'], { discount: { mode: 6, value: '1.00' } }],
    ['discount.mode is at least 1', { discount: { mode: 0, value: '1.00' } }, ['discount.mode'], { discount: { mode: 4, value: '1.00' } }],
    [
      'discount.mode is an integer',
      { discount: { mode: 3.5, value: '1.00' } },
      ['discount.mode'],
      { discount: { mode: 3, value: '1.00' } },
    ],
    // discount modes 1 and 2: fixed dates
    [
      'modes 1-2 need fixed_dates',
      { discount: { mode: 1 } },
      ['discount.fixed_dates'],
      { discount: { mode: 1, fixedDates: fixed([DUE, '1.00']) } },
    ],
    [
      'modes 1-2 need at least one fixed date',
      { discount: { mode: 2, fixedDates: [] } },
      ['discount.fixed_dates'],
      { discount: { mode: 2, fixedDates: fixed([DUE, '1.00']) } },
    ],
    [
      'modes 1-2 take no bare value (one fixed date on the due date says it)',
      { discount: { mode: 1, value: '5.00' } },
      ['discount.value', 'discount.fixed_dates'],
      { discount: { mode: 1, fixedDates: fixed([DUE, '5.00']) } },
    ],
    [
      'modes 1-2 take value or fixed_dates, never both',
      { discount: { mode: 2, value: '5.00', fixedDates: fixed([DUE, '5.00']) } },
      ['discount.value'],
      { discount: { mode: 2, fixedDates: fixed([DUE, '5.00']) } },
    ],
    [
      'at most 3 fixed dates',
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '4'], ['2026-03-02', '3'], ['2026-03-03', '2'], ['2026-03-04', '1']) } },
      ['discount.fixed_dates'],
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '4'], ['2026-03-02', '3'], ['2026-03-03', '2']) } },
    ],
    [
      'a fixed date is a real calendar date',
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '2'], ['2026-02-29', '1']) } },
      ['discount.fixed_dates[1].date'],
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '2'], ['2026-02-28', '1']) } },
    ],
    [
      'a fixed date is on or before the due date',
      { discount: { mode: 1, fixedDates: fixed(['2026-03-12', '1.00']) } },
      ['discount.fixed_dates[0].date'],
      { discount: { mode: 1, fixedDates: fixed(['2026-03-11', '1.00']) } },
    ],
    [
      'a fixed date is not before today',
      { discount: { mode: 2, fixedDates: fixed(['2026-02-19', '1.00']) } },
      ['discount.fixed_dates[0].date'],
      { discount: { mode: 2, fixedDates: fixed(['2026-02-20', '1.00']) } },
    ],
    [
      'fixed dates are distinct',
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '3'], ['2026-03-05', '2'], ['2026-03-01', '1']) } },
      ['discount.fixed_dates[2].date'],
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '3'], ['2026-03-05', '2'], ['2026-03-02', '1']) } },
    ],
    [
      "a fixed date's value is required",
      { discount: { mode: 1, fixedDates: [{ date: DUE }] } },
      ['discount.fixed_dates[0].value'],
      { discount: { mode: 1, fixedDates: fixed([DUE, '1']) } },
    ],
    [
      'a fixed-date discount in BRL is above zero',
      { discount: { mode: 1, fixedDates: fixed([DUE, '0.00']) } },
      ['discount.fixed_dates[0].value'],
      { discount: { mode: 1, fixedDates: fixed([DUE, '0.01']) } },
    ],
    [
      'a fixed-date discount in BRL is below the amount',
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '1.00'], [DUE, '100.00']) } },
      ['discount.fixed_dates[1].value'],
      { discount: { mode: 1, fixedDates: fixed(['2026-03-01', '1.00'], [DUE, '99.99']) } },
    ],
    [
      'a fixed-date discount in BRL is below the amount after the rebate',
      { rebate: { mode: 1, value: '20.00' }, discount: { mode: 1, fixedDates: fixed([DUE, '80.00']) } },
      ['discount.fixed_dates[0].value'],
      { rebate: { mode: 1, value: '20.00' }, discount: { mode: 1, fixedDates: fixed([DUE, '79.99']) } },
    ],
    [
      'a fixed-date percent discount is not 100',
      { discount: { mode: 2, fixedDates: fixed([DUE, '100']) } },
      ['discount.fixed_dates[0].value'],
      { discount: { mode: 2, fixedDates: fixed([DUE, '99.99']) } },
    ],
    [
      'a fixed-date percent discount is at most 100',
      { discount: { mode: 2, fixedDates: fixed([DUE, '100.01']) } },
      ['discount.fixed_dates[0].value'],
      { discount: { mode: 2, fixedDates: fixed([DUE, '10']) } },
    ],
    [
      'a fixed-date percent discount is a percentage',
      { discount: { mode: 2, fixedDates: fixed([DUE, '10%']) } },
      ['discount.fixed_dates[0].value'],
      { discount: { mode: 2, fixedDates: fixed([DUE, '10']) } },
    ],
    // discount modes 3 to 6: per day of anticipation
    [
      'modes 3-6 take no fixed_dates',
      { discount: { mode: 3, value: '0.50', fixedDates: fixed(['2026-03-01', '1.00']) } },
      ['discount.fixed_dates'],
      { discount: { mode: 3, value: '0.50' } },
    ],
    [
      'modes 3-6 take no fixed_dates, even an empty list',
      { discount: { mode: 6, value: '0.10', fixedDates: [] } },
      ['discount.fixed_dates'],
      { discount: { mode: 6, value: '0.10' } },
    ],
    ['modes 3-6 need a value', { discount: { mode: 5 } }, ['discount.value'], { discount: { mode: 5, value: '0.01' } }],
    [
      'a discount in BRL per day is above zero',
      { discount: { mode: 3, value: '0' } },
      ['discount.value'],
      { discount: { mode: 3, value: '0.01' } },
    ],
    [
      'a discount in percent per day is at most 100',
      { discount: { mode: 5, value: '101' } },
      ['discount.value'],
      { discount: { mode: 5, value: '1' } },
    ],
    [
      'a discount in percent per business day is at most 100',
      { discount: { mode: 6, value: '101' } },
      ['discount.value'],
      { discount: { mode: 6, value: '1' } },
    ],
    [
      'a discount in BRL per business day has up to 2 decimals',
      { discount: { mode: 4, value: '1.001' } },
      ['discount.value'],
      { discount: { mode: 4, value: '1.01' } },
    ],
    [
      'BRL per day: paid today (19 days early) it leaves 0.01 (19 x 5.00 = 95.00)',
      { amount: Money.of('95.00'), discount: { mode: 3, value: '5.00' } },
      ['discount.value'],
      { amount: Money.of('95.01'), discount: { mode: 3, value: '5.00' } },
    ],
    [
      'percent per day: paid today it leaves 0.01 after rounding (19 x 5.2631% = 99.9989% -> 100.00)',
      { discount: { mode: 5, value: '5.2631' } },
      ['discount.value'],
      { discount: { mode: 5, value: '5.2626' } },
    ],
    [
      'BRL per business day: paid today (13 business days early) it leaves 0.01 (13 x 5.00 = 65.00)',
      { amount: Money.of('65.00'), discount: { mode: 4, value: '5.00' } },
      ['discount.value'],
      { amount: Money.of('65.01'), discount: { mode: 4, value: '5.00' } },
    ],
    [
      'percent per business day: paid today it leaves 0.01 after rounding (13 x 7.6923% = 99.9999% -> 100.00)',
      { discount: { mode: 6, value: '7.6923' } },
      ['discount.value'],
      { discount: { mode: 6, value: '7.6915' } },
    ],
    [
      'per business day: a due date on a weekend counts up to the next Monday (Saturday 2026-03-14 -> Monday 16: 16 business days)',
      { dueDate: '2026-03-14', amount: Money.of('80.00'), discount: { mode: 4, value: '5.00' } },
      ['discount.value'],
      { dueDate: '2026-03-14', amount: Money.of('80.01'), discount: { mode: 4, value: '5.00' } },
    ],
    [
      'per day: the largest discount leaves 0.01 of the amount after the rebate (base 90.00)',
      { rebate: { mode: 1, value: '10.00' }, discount: { mode: 3, value: '4.74' } },
      ['discount.value'],
      { rebate: { mode: 1, value: '10.00' }, discount: { mode: 3, value: '4.73' } },
    ],
  ];

  it.each(rules)('%s', (_rule, refused, fields, neighbour) => {
    expect(fieldsOf(refused)).toEqual(fields);
    expect(fieldsOf(neighbour)).toEqual([]);
  });

  it('accepts a per-day discount on a charge due today: it can never be earned, so it cannot go too far', () => {
    expect(fieldsOf({ dueDate: TODAY, discount: { mode: 3, value: '1000.00' } })).toEqual([]);
  });

  it('judges discounts against the amount when the rebate itself is refused', () => {
    expect(fieldsOf({ rebate: { mode: 1, value: '100.00' }, discount: { mode: 1, fixedDates: fixed([DUE, '99.99']) } })).toEqual([
      'rebate.value',
    ]);
  });

  // The example of docs/due-date-charges.md, "Validation".
  it('lists every problem in one error (docs example)', () => {
    let error: unknown;
    try {
      validate(
        input({
          dueDate: '2026-02-19',
          penalty: { mode: 3, value: '2.00' },
          rebate: { mode: 1, value: '100.00' },
          discount: { mode: 1, value: '5.00', fixedDates: fixed(['2026-03-01', '10.00'], ['2026-03-01', '5.00']) },
        }),
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual([
      { field: 'due_date', issue: 'must not be before today (2026-02-20)' },
      { field: 'penalty.mode', issue: 'must be 1 (fixed) or 2 (percent)' },
      { field: 'rebate.value', issue: 'must be less than the amount' },
      { field: 'discount.value', issue: 'must not be sent for modes 1 and 2: their values go in fixed_dates' },
      { field: 'discount.fixed_dates[1].date', issue: 'repeats discount.fixed_dates[0].date' },
    ]);
    expect((error as DomainError).message).toBe(
      'due_date must not be before today (2026-02-20); penalty.mode must be 1 (fixed) or 2 (percent); rebate.value must be less than the amount; ' +
        'discount.value must not be sent for modes 1 and 2: their values go in fixed_dates; discount.fixed_dates[1].date repeats discount.fixed_dates[0].date',
    );
  });

  it('treats a malformed `today` as a bug of the caller, not as a refusal of the request', () => {
    const call = (): void => validate(input({ today: '2026-02-30' }));
    expect(call).toThrow(/today must be a calendar date/);
    expect(call).not.toThrow(DomainError);
  });
});

describe('due-date charges whose terms pass validateDueDateTerms (properties)', () => {
  const EPOCH = Date.UTC(2024, 0, 1);
  const isoDay = (n: number): string => new Date(EPOCH + n * 86_400_000).toISOString().slice(0, 10);
  /** 12345, 2 -> "123.45"; 5, 4 -> "0.0005". */
  const decimal = (units: number, places: number): string => {
    const digits = String(units).padStart(places + 1, '0');
    return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  };
  const brl = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max: Math.max(min, max) }).map((c) => decimal(c, 2));
  /** Percent in ten-thousandths: 1 -> "0.0001", 1_000_000 -> "100.0000". */
  const pct = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max: Math.max(min, max) }).map((u) => decimal(u, 4));

  interface Scenario {
    input: DueDateTermsInput;
    /** Payment days from today to the last payable day (due date + 30), in order. */
    early: string;
    later: string;
    /** Two payment days after the due date, in order. */
    late: [string, string];
  }

  const scenario: fc.Arbitrary<Scenario> = fc
    .record({
      cents: fc.integer({ min: 1, max: 10_000_000 }),
      today: fc.integer({ min: 0, max: 800 }),
      lead: fc.integer({ min: 0, max: 120 }),
    })
    .chain(({ cents, today, lead }) => {
      const penalty: fc.Arbitrary<Penalty> = fc.oneof(
        fc.record({ mode: fc.constant(1 as const), value: brl(1, 50_000) }),
        fc.record({ mode: fc.constant(2 as const), value: pct(1, 1_000_000) }),
      );
      const interest: fc.Arbitrary<Interest> = fc.oneof(
        fc.record({ mode: fc.constant(1 as const), value: brl(1, 10_000) }),
        fc.record({ mode: fc.constantFrom(2 as const, 3 as const, 4 as const), value: pct(1, 1_000_000) }),
      );
      const rebate: fc.Arbitrary<Rebate> = fc.oneof(
        fc.record({ mode: fc.constant(1 as const), value: brl(1, cents - 1) }),
        fc.record({ mode: fc.constant(2 as const), value: pct(1, 999_999) }),
      );
      const fixedDates = (mode: 1 | 2): fc.Arbitrary<Discount> =>
        fc
          .uniqueArray(fc.record({ offset: fc.integer({ min: 0, max: lead }), value: mode === 1 ? brl(1, cents - 1) : pct(1, 999_999) }), {
            selector: (entry) => entry.offset,
            minLength: 1,
            maxLength: 3,
          })
          .map((entries) => ({ mode, fixedDates: entries.map((e) => ({ date: isoDay(today + e.offset), value: e.value })) }));
      const discount: fc.Arbitrary<Discount> = fc.oneof(
        fixedDates(1),
        fixedDates(2),
        // A due date moved off a weekend or holiday gives up to 5 more days early (Saturday before Carnival: 4).
        fc.record({ mode: fc.constantFrom(3 as const, 4 as const), value: brl(1, Math.floor(cents / (lead + 5))) }),
        fc.record({ mode: fc.constantFrom(5 as const, 6 as const), value: pct(1, Math.floor(1_000_000 / (lead + 5))) }),
      );
      const day = fc.integer({ min: 0, max: lead + 30 });
      // Late: after the due date moved to the next business day (at most 4 days later: Saturday before Carnival).
      const moved = (Date.parse(effectiveDueDate(isoDay(today + lead))) - EPOCH) / 86_400_000 - today;
      const lateDay = fc.integer({ min: moved + 1, max: lead + 30 });
      return fc.record({
        input: fc.record({
          amount: fc.constant(Money.of(decimal(cents, 2))),
          dueDate: fc.constant(isoDay(today + lead)),
          today: fc.constant(isoDay(today)),
          penalty: fc.option(penalty, { nil: undefined }),
          interest: fc.option(interest, { nil: undefined }),
          discount: fc.option(discount, { nil: undefined }),
          rebate: fc.option(rebate, { nil: undefined }),
        }),
        days: fc.tuple(day, day).map(([a, b]) => [Math.min(a, b), Math.max(a, b)].map((n) => isoDay(today + n))),
        late: fc
          .tuple(lateDay, lateDay)
          .map(([a, b]) => [isoDay(today + Math.min(a, b)), isoDay(today + Math.max(a, b))] as [string, string]),
      });
    })
    .map(({ input, days, late }) => ({ input, early: days[0]!, later: days[1]!, late }))
    .filter(({ input }) => {
      try {
        validate(input);
        return true;
      } catch (error) {
        if (error instanceof InvalidDueDateTermsError) return false;
        throw error;
      }
    });

  const charge = ({ amount, today: _today, ...fields }: DueDateTermsInput, paymentDate: string) =>
    calculateDueDateCharge(DueDateTerms.of(fields), amount, paymentDate);
  const CENT = Money.of('0.01');

  it('computes on every payable day, at least 0.01, and its parts add up without needing the 0.01 floor', () => {
    fc.assert(
      fc.property(scenario, ({ input, early, later }) => {
        for (const day of [input.today, early, later]) {
          const r = charge(input, day);
          expect(r.finalAmount.gte(CENT)).toBe(true);
          expect(r.finalAmount.toFixed2()).toBe(input.amount.minus(r.rebate).minus(r.discount).plus(r.penalty).plus(r.interest).toFixed2());
        }
      }),
    );
  });

  it('never charges more with a rebate or a discount than without them, on the same day', () => {
    fc.assert(
      fc.property(scenario, ({ input, early, later }) => {
        const bare = { ...input, rebate: undefined, discount: undefined };
        for (const day of [input.today, early, later, input.dueDate]) {
          expect(charge(input, day).finalAmount.lte(charge(bare, day).finalAmount)).toBe(true);
        }
      }),
    );
  });

  it('adds no penalty or interest on or before the (moved) due date, and gives no discount after it', () => {
    fc.assert(
      fc.property(scenario, ({ input, early, later, late }) => {
        for (const day of [input.today, early, later, input.dueDate, ...late]) {
          const r = charge(input, day);
          if (day <= r.effectiveDueDate) {
            expect([r.penalty.isZero(), r.interest.isZero(), r.daysLate]).toEqual([true, true, 0]);
          } else {
            expect(r.discount.isZero()).toBe(true);
            expect(r.daysLate).toBeGreaterThan(0);
            expect(r.finalAmount.gte(input.amount.minus(r.rebate))).toBe(true);
          }
        }
      }),
    );
  });

  it('never charges more than the original amount on or before the due date', () => {
    fc.assert(
      fc.property(scenario, ({ input, early }) => {
        const day = early <= input.dueDate ? early : input.dueDate;
        expect(charge(input, day).finalAmount.lte(input.amount)).toBe(true);
        expect(charge(input, input.dueDate).finalAmount.lte(input.amount)).toBe(true);
      }),
    );
  });

  it('never charges less for paying later once past the due date: the penalty stays, interest grows', () => {
    fc.assert(
      fc.property(scenario, ({ input, late: [first, second] }) => {
        const a = charge(input, first);
        const b = charge(input, second);
        expect(b.penalty.eq(a.penalty)).toBe(true);
        expect(b.interest.gte(a.interest)).toBe(true);
        expect(b.finalAmount.gte(a.finalAmount)).toBe(true);
      }),
    );
  });
});
