import Big from 'big.js';
import type { ErrorDetail } from '../../../shared/errors/domain-error.js';
import { AMOUNT_PATTERN, Money, PERCENT_PATTERN } from '../../../shared/money/money.js';
import {
  anticipationDiscountAmount,
  calendarDay,
  daysEarlyFor,
  DISCOUNT_MODE_ISSUE,
  effectiveDueDate,
  fixedDateDiscountAmount,
  rebateAmount,
} from './due-date-charge.js';
import { InvalidDueDateTermsError } from './due-date-charge.errors.js';
import type { AnticipationDiscountMode, Discount, DueDateTerms, Interest, Penalty, Rebate } from './due-date-terms.value-object.js';

/** At most three fixed-date discounts (the Central Bank's cobv rule). */
const MAX_FIXED_DATE_DISCOUNTS = 3;

const MIN_TO_PAY = Money.of('0.01');
type Report = (field: string, issue: string) => void;
type Kind = 'brl' | 'percent';

/**
 * Refuses the terms of a new due-date charge (cobv) of `amount`, created on `today` (YYYY-MM-DD, the calendar
 * day in America/Sao_Paulo; the caller converts), that the Central Bank's rules forbid or that make no
 * sense, listing every problem in one VALIDATION_ERROR (docs/due-date-charges.md, "Validation"). Terms that
 * pass can be computed by `calculateDueDateCharge` on every day from `today` on, and its result never needs
 * the 0.01 floor: the rebate and the largest discount each leave at least 0.01 to pay.
 * Unknown keys and JSON types are the HTTP layer's; here values are judged by their meaning.
 */
export function validateDueDateTerms(terms: DueDateTerms, amount: Money, today: string): void {
  const problems: ErrorDetail[] = [];
  const report: Report = (field, issue) => problems.push({ field, issue });

  const todayDay = calendarDay(today);
  // `today` comes from the clock, not from the request: a bad one is a bug, not a refusal.
  if (todayDay === undefined) throw new Error(`today must be a calendar date (YYYY-MM-DD), got ${String(today)}`);

  if (!amount.gte(MIN_TO_PAY) || !amount.roundToCents().eq(amount)) report('amount', 'must be at least 0.01 with up to 2 decimals');

  let due = calendarDay(terms.dueDate);
  if (due === undefined) report('due_date', 'must be a calendar date (YYYY-MM-DD)');
  else if (due < todayDay) {
    report('due_date', `must not be before today (${today})`);
    due = undefined;
  }

  if (terms.penalty) checkPenalty(terms.penalty, report);
  if (terms.interest) checkInterest(terms.interest, report);
  const base = terms.rebate ? checkRebate(terms.rebate, amount, report) : amount;
  if (terms.discount) checkDiscount(terms.discount, { base, today: todayDay, due, todayText: today, dueText: terms.dueDate }, report);

  if (problems.length > 0) throw new InvalidDueDateTermsError(problems);
}

function checkPenalty(penalty: Penalty, report: Report): void {
  if (checkMode(penalty.mode, [1, 2], 'penalty.mode', 'must be 1 (fixed) or 2 (percent)', report)) {
    checkValue(penalty.value, penalty.mode === 1 ? 'brl' : 'percent', 'penalty.value', report);
  } else requirePresent(penalty.value, 'penalty.value', report);
}

function checkInterest(interest: Interest, report: Report): void {
  if (checkMode(interest.mode, [1, 2, 3, 4], 'interest.mode', 'must be 1, 2, 3 or 4', report)) {
    checkValue(interest.value, interest.mode === 1 ? 'brl' : 'percent', 'interest.value', report);
  } else requirePresent(interest.value, 'interest.value', report);
}

/** Returns the amount the percentages and discounts apply to: the amount minus a valid rebate, else the amount. */
function checkRebate(rebate: Rebate, amount: Money, report: Report): Money {
  if (!checkMode(rebate.mode, [1, 2], 'rebate.mode', 'must be 1 (fixed) or 2 (percent)', report)) {
    requirePresent(rebate.value, 'rebate.value', report);
    return amount;
  }
  if (!checkValue(rebate.value, rebate.mode === 1 ? 'brl' : 'percent', 'rebate.value', report)) return amount;
  const base = amount.minus(rebateAmount(rebate, amount));
  if (base.gte(MIN_TO_PAY)) return base;
  report('rebate.value', rebate.mode === 1 ? 'must be less than the amount' : 'must leave at least 0.01 of the amount to pay');
  return amount;
}

interface DiscountContext {
  /** The amount after the rebate: what percentages apply to and what a discount must leave 0.01 of. */
  base: Money;
  today: number;
  /** Undefined when due_date is invalid (already reported). */
  due: number | undefined;
  todayText: string;
  dueText: string;
}

function checkDiscount(discount: Discount, context: DiscountContext, report: Report): void {
  if (!checkMode(discount.mode, [1, 2, 3, 4, 5, 6], 'discount.mode', DISCOUNT_MODE_ISSUE, report)) return;
  if (discount.mode === 1 || discount.mode === 2) checkFixedDateDiscount(discount.mode, discount, context, report);
  else checkAnticipationDiscount(discount.mode, discount, context, report);
}

function checkFixedDateDiscount(mode: 1 | 2, discount: Discount, context: DiscountContext, report: Report): void {
  const { base, today, due } = context;
  if (discount.value !== undefined) report('discount.value', 'must not be sent for modes 1 and 2: their values go in fixed_dates');
  const entries: unknown = discount.fixedDates;
  if (!Array.isArray(entries) || entries.length === 0) {
    report('discount.fixed_dates', `is required for modes 1 and 2 (1 to ${MAX_FIXED_DATE_DISCOUNTS} entries)`);
    return;
  }
  if (entries.length > MAX_FIXED_DATE_DISCOUNTS) report('discount.fixed_dates', `must have at most ${MAX_FIXED_DATE_DISCOUNTS} entries`);

  const seen = new Map<number, number>();
  entries.forEach((raw: unknown, i) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as { date?: unknown; value?: unknown };
    const field = `discount.fixed_dates[${i}]`;
    const day = calendarDay(entry.date);
    if (day === undefined) report(`${field}.date`, 'must be a calendar date (YYYY-MM-DD)');
    else {
      if (due !== undefined && day > due) report(`${field}.date`, `must be on or before due_date (${context.dueText})`);
      else if (day < today) report(`${field}.date`, `must not be before today (${context.todayText})`);
      const first = seen.get(day);
      if (first === undefined) seen.set(day, i);
      else report(`${field}.date`, `repeats discount.fixed_dates[${first}].date`);
    }
    if (checkValue(entry.value, mode === 1 ? 'brl' : 'percent', `${field}.value`, report)) {
      const offer = fixedDateDiscountAmount(mode, entry.value, base, `${field}.value`);
      if (base.minus(offer).lt(MIN_TO_PAY)) report(`${field}.value`, leaveOneCent(mode));
    }
  });
}

function checkAnticipationDiscount(mode: AnticipationDiscountMode, discount: Discount, context: DiscountContext, report: Report): void {
  const { base, due } = context;
  if (discount.fixedDates !== undefined) report('discount.fixed_dates', 'is only for modes 1 and 2');
  const kind = mode === 3 || mode === 4 ? 'brl' : 'percent';
  if (!checkValue(discount.value, kind, 'discount.value', report) || due === undefined) return;
  // The largest discount goes to a payment on the day the charge is created, counted up to the due date
  // moved off a weekend or holiday, in the days the mode counts.
  const daysEarly = daysEarlyFor(mode, context.todayText, effectiveDueDate(context.dueText));
  const largest = anticipationDiscountAmount(mode, discount.value, base, daysEarly);
  if (base.minus(largest).lt(MIN_TO_PAY)) {
    const days = mode === 4 || mode === 6 ? 'business days' : 'days';
    report(
      'discount.value',
      `must leave at least 0.01 to pay: paid today, ${daysEarly} ${days} early, it would take ${largest.toFixed2()}`,
    );
  }
}

function leaveOneCent(mode: 1 | 2): string {
  return mode === 1
    ? 'must be less than the amount (after the rebate)'
    : 'must leave at least 0.01 of the amount (after the rebate) to pay';
}

function checkMode(mode: unknown, allowed: number[], field: string, issue: string, report: Report): boolean {
  if (typeof mode === 'number' && Number.isInteger(mode) && allowed.includes(mode)) return true;
  report(field, issue);
  return false;
}

/** A value whose mode is unknown cannot be judged, except for being there. */
function requirePresent(value: unknown, field: string, report: Report): void {
  if (value === undefined || value === null) report(field, 'is required');
}

function checkValue(value: unknown, kind: Kind, field: string, report: Report): value is string {
  if (value === undefined || value === null) {
    report(field, 'is required');
    return false;
  }
  if (kind === 'brl') {
    if (typeof value !== 'string' || !AMOUNT_PATTERN.test(value)) report(field, 'must be a decimal string with up to 2 decimals');
    else if (!new Big(value).gt(0)) report(field, 'must be greater than zero');
    else return true;
    return false;
  }
  if (typeof value !== 'string' || !PERCENT_PATTERN.test(value)) report(field, 'must be a percentage with up to 3 digits and 4 decimals');
  else if (!new Big(value).gt(0)) report(field, 'must be greater than zero');
  else if (new Big(value).gt(100)) report(field, 'must be at most 100');
  else return true;
  return false;
}
