import Big from 'big.js';
import { AMOUNT_PATTERN, Money, PERCENT_PATTERN } from '../../../shared/money/money.js';
import { BRAZIL_BUSINESS_DAYS } from '../../../shared/time/business-days.js';
import { InvalidDueDateChargeError } from './due-date-charge.errors.js';
import type { AnticipationDiscountMode, Discount, DueDateTerms, Interest, Penalty, Rebate } from './due-date-terms.value-object.js';

export interface DueDateChargeAmounts {
  finalAmount: Money;
  rebate: Money;
  discount: Money;
  penalty: Money;
  interest: Money;
  /** The due date, or the first business day after it when it falls on a weekend or a national holiday. */
  effectiveDueDate: string;
  /** Calendar days the payment is after the effective due date (0 when it is not). */
  daysLate: number;
  /** Calendar days the payment is before the effective due date (0 when it is not). */
  daysEarly: number;
}

const MIN_AMOUNT = Money.of('0.01');
/** The issue of a discount mode outside API Pix's 1 to 6. */
export const DISCOUNT_MODE_ISSUE = 'must be 1, 2, 3, 4, 5 or 6';
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * What a payer owes on a due-date charge (cobv) of `original` paid on `paymentDate` (YYYY-MM-DD, the
 * payment's calendar day in America/Sao_Paulo; the caller converts):
 *   base  = original - rebate                 (a rebate lowers the debt itself, so percentages apply to base)
 *   final = base - discount                   (paid on or before the effective due date)
 *   final = base + penalty + interest         (paid after it)
 * Every component is rounded half-up to cents on its own, so the parts add up to the final amount,
 * which is never below 0.01. A due date on a weekend or a national holiday moves to the next business day,
 * and penalty, interest and the per-day discounts count from the moved date (API Pix, cobv
 * `calendario.validadeAposVencimento`; docs/adr/0215-due-date-discount-modes-and-business-days.md).
 * Interest counts calendar days; discount modes 4 and 6 count business days.
 */
export function calculateDueDateCharge(terms: DueDateTerms, original: Money, paymentDate: string): DueDateChargeAmounts {
  const paymentDay = parseDate(paymentDate, 'payment_date');
  parseDate(terms.dueDate, 'due_date');
  const due = effectiveDueDate(terms.dueDate);
  const elapsed = paymentDay - parseDate(due, 'due_date');
  const daysLate = Math.max(0, elapsed);
  const daysEarly = Math.max(0, -elapsed);

  // Every term is evaluated (and so validated) whatever the date; lateness then picks which count.
  const rebate = terms.rebate ? rebateAmount(terms.rebate, original) : Money.zero();
  const base = Money.max(original.minus(rebate), Money.zero());
  const earlyDiscount = terms.discount ? discountFor(terms.discount, base, paymentDate, due) : Money.zero();
  const latePenalty = terms.penalty ? fixedOrPercent(terms.penalty, base, 'penalty') : Money.zero();
  const interest = terms.interest ? interestFor(terms.interest, base, daysLate) : Money.zero();
  const discount = daysLate === 0 ? earlyDiscount : Money.zero();
  const penalty = daysLate > 0 ? latePenalty : Money.zero();

  const finalAmount = Money.max(base.minus(discount).plus(penalty).plus(interest), MIN_AMOUNT);
  return { finalAmount, rebate, discount, penalty, interest, effectiveDueDate: due, daysLate, daysEarly };
}

/**
 * The day penalty, interest and per-day discounts count from: `dueDate` (a valid YYYY-MM-DD), or the first
 * business day after it when it is a Saturday, a Sunday or a national holiday. API Pix, cobv
 * `calendario.validadeAposVencimento`: "Sempre que a data de vencimento cair em um fim de semana ou em um
 * feriado para o usuário pagador, ela deve ser automaticamente prorrogada para o primeiro dia útil
 * subsequente", and `desconto`, `juros` and `multa` "devem assumir essa prorrogação".
 */
export function effectiveDueDate(dueDate: string): string {
  return BRAZIL_BUSINESS_DAYS.onOrAfter(dueDate);
}

/**
 * The days a payment on `paymentDate` is early for a per-day discount: calendar days (modes 3 and 5) or
 * business days (modes 4 and 6) after `paymentDate` up to and including `effectiveDue`; 0 when not early.
 */
export function daysEarlyFor(mode: AnticipationDiscountMode, paymentDate: string, effectiveDue: string): number {
  if (mode === 4 || mode === 6) return BRAZIL_BUSINESS_DAYS.between(paymentDate, effectiveDue);
  return Math.max(0, parseDate(effectiveDue, 'due_date') - parseDate(paymentDate, 'payment_date'));
}

/** The rebate: fixed BRL, or a percentage of the original amount, rounded half-up to cents. */
export function rebateAmount(rebate: Rebate, original: Money): Money {
  return fixedOrPercent(rebate, original, 'rebate');
}

/** One fixed-date offer of discount mode 1 (BRL) or 2 (percent of `base`, the amount after the rebate). */
export function fixedDateDiscountAmount(mode: 1 | 2, value: string, base: Money, field: string): Money {
  return mode === 1 ? brl(value, field) : base.times(percent(value, field));
}

/**
 * A per-day discount for paying `daysEarly` days early (counted as `daysEarlyFor` does for the mode):
 * BRL per day (modes 3 and 4) or percent of `base` per day (modes 5 and 6), as API Pix's cobv
 * `desconto.modalidade` defines them.
 */
export function anticipationDiscountAmount(mode: AnticipationDiscountMode, value: string, base: Money, daysEarly: number): Money {
  const field = 'discount.value';
  return mode === 3 || mode === 4 ? brl(value, field).times(String(daysEarly)) : base.times(percent(value, field).times(daysEarly));
}

function fixedOrPercent(term: Penalty | Rebate, base: Money, field: string): Money {
  if (term.mode === 1) return brl(term.value, `${field}.value`);
  if (term.mode === 2) return base.times(percent(term.value, `${field}.value`));
  throw new InvalidDueDateChargeError(`${field}.mode`, 'must be 1 (fixed) or 2 (percent)');
}

function interestFor(interest: Interest, base: Money, daysLate: number): Money {
  const field = 'interest.value';
  switch (interest.mode) {
    case 1:
      return brl(interest.value, field).times(String(daysLate));
    case 2:
      return base.times(percent(interest.value, field).times(daysLate));
    case 3:
      return base.times(percent(interest.value, field).times(daysLate).div(30));
    case 4:
      return base.times(percent(interest.value, field).times(daysLate).div(365));
    default:
      throw new InvalidDueDateChargeError('interest.mode', 'must be 1, 2, 3 or 4');
  }
}

function discountFor(discount: Discount, base: Money, paymentDate: string, effectiveDue: string): Money {
  const paymentDay = parseDate(paymentDate, 'payment_date');
  switch (discount.mode) {
    case 1:
    case 2: {
      const mode = discount.mode;
      if (discount.value !== undefined) {
        throw new InvalidDueDateChargeError('discount.value', 'must not be sent for modes 1 and 2: their values go in fixed_dates');
      }
      const dates = discount.fixedDates ?? [];
      if (dates.length === 0) throw new InvalidDueDateChargeError('discount.fixed_dates', 'is required for modes 1 and 2 (1 to 3 entries)');
      const offers = dates
        .map((entry, i) => ({
          day: parseDate(entry.date, `discount.fixed_dates[${i}].date`),
          amount: fixedDateDiscountAmount(mode, entry.value, base, `discount.fixed_dates[${i}].value`),
        }))
        .sort((a, b) => a.day - b.day);
      // The earliest date not yet passed applies; after the last one there is no discount.
      return offers.find((offer) => offer.day >= paymentDay)?.amount ?? Money.zero();
    }
    case 3:
    case 4:
    case 5:
    case 6:
      if (discount.fixedDates !== undefined) throw new InvalidDueDateChargeError('discount.fixed_dates', 'is only for modes 1 and 2');
      if (discount.value === undefined) throw new InvalidDueDateChargeError('discount.value', 'is required for modes 3 to 6');
      return anticipationDiscountAmount(discount.mode, discount.value, base, daysEarlyFor(discount.mode, paymentDate, effectiveDue));
    default:
      throw new InvalidDueDateChargeError('discount.mode', DISCOUNT_MODE_ISSUE);
  }
}

function brl(value: string, field: string): Money {
  if (typeof value !== 'string' || !AMOUNT_PATTERN.test(value)) {
    throw new InvalidDueDateChargeError(field, 'must be a decimal string with up to 2 decimals');
  }
  return Money.of(value);
}

/** "2.00" (percent) -> 0.02 as an exact decimal factor. */
function percent(value: string, field: string): Big {
  if (typeof value !== 'string' || !PERCENT_PATTERN.test(value)) {
    throw new InvalidDueDateChargeError(field, 'must be a percentage with up to 3 digits and 4 decimals');
  }
  return new Big(value).div(100);
}

/** Days since the epoch of a real YYYY-MM-DD calendar date; undefined for anything else ("2024-02-30" is not rolled over). */
export function calendarDay(value: unknown): number | undefined {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / DAY_MS;
}

function parseDate(value: string, field: string): number {
  const day = calendarDay(value);
  if (day === undefined) throw new InvalidDueDateChargeError(field, 'must be a calendar date (YYYY-MM-DD)');
  return day;
}
