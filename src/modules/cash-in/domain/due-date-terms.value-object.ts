/** 1 = fixed BRL, 2 = percent of the amount. */
export interface Penalty {
  readonly mode: 1 | 2;
  readonly value: string;
}
/** 1 = BRL per day, 2 = percent per day, 3 = percent per month (30 days), 4 = percent per year (365 days). */
export interface Interest {
  readonly mode: 1 | 2 | 3 | 4;
  readonly value: string;
}
export interface FixedDateDiscount {
  readonly date: string;
  readonly value: string;
}
/** Discount modes paid per day early: 3 and 4 in BRL, 5 and 6 in percent; 3 and 5 count calendar days, 4 and 6 business days. */
export type AnticipationDiscountMode = 3 | 4 | 5 | 6;
/**
 * API Pix's cobv `desconto.modalidade`: 1 = fixed BRL until each fixed date, 2 = percent until each fixed
 * date, 3 = BRL per calendar day paid early, 4 = BRL per business day paid early, 5 = percent per calendar
 * day paid early, 6 = percent per business day paid early (early: before the due date, moved off a weekend
 * or holiday; docs/adr/0215-due-date-discount-modes-and-business-days.md). Modes 1-2 take their values in
 * 1-3 `fixedDates` and no `value`; modes 3-6 take `value` and no `fixedDates` (the Central Bank's cobv rule:
 * never both). `validateDueDateTerms` (due-date-terms.ts) holds the other rules a new charge must meet.
 */
export interface Discount {
  readonly mode: 1 | 2 | AnticipationDiscountMode;
  readonly value?: string;
  readonly fixedDates?: readonly FixedDateDiscount[];
}
/** 1 = fixed BRL, 2 = percent of the amount. */
export interface Rebate {
  readonly mode: 1 | 2;
  readonly value: string;
}

/** What `DueDateTerms.of` is built from: the value object's fields, every term but the due date optional. */
export type DueDateTermsFields = Pick<DueDateTerms, 'dueDate' | 'penalty' | 'interest' | 'discount' | 'rebate'>;

/**
 * The financial terms of a due-date charge (cobv): the one shape of them from the request's edge to the
 * row, the QR's payload and the answers (docs/adr/0203-camel-case-commands-one-due-date-terms.md). Each
 * edge maps it once: the HTTP layer from and to its snake_case fields, the repository to and from the
 * `terms` JSON column (whose keys are these fields, so the stored JSON is the value's own).
 *
 * Built as given (a term left out is absent, not undefined) and frozen; whether the terms are acceptable
 * for a new charge depends on the day and the amount, so `validateDueDateTerms` judges them, not `of`:
 * a stored charge is restored whatever today is.
 */
export class DueDateTerms {
  /** YYYY-MM-DD. */
  declare readonly dueDate: string;
  declare readonly penalty?: Penalty;
  declare readonly interest?: Interest;
  declare readonly discount?: Discount;
  declare readonly rebate?: Rebate;

  private constructor(fields: DueDateTermsFields) {
    Object.assign(this, { dueDate: fields.dueDate });
    if (fields.penalty !== undefined)
      Object.assign(this, { penalty: Object.freeze({ mode: fields.penalty.mode, value: fields.penalty.value }) });
    if (fields.interest !== undefined)
      Object.assign(this, { interest: Object.freeze({ mode: fields.interest.mode, value: fields.interest.value }) });
    if (fields.discount !== undefined) Object.assign(this, { discount: copyDiscount(fields.discount) });
    if (fields.rebate !== undefined)
      Object.assign(this, { rebate: Object.freeze({ mode: fields.rebate.mode, value: fields.rebate.value }) });
    Object.freeze(this);
  }

  static of(fields: DueDateTermsFields): DueDateTerms {
    return new DueDateTerms(fields);
  }
}

function copyDiscount(d: Discount): Discount {
  // Entries are copied as they are: `validateDueDateTerms` reports the ones that are not {date, value}.
  const entries: unknown = d.fixedDates;
  return Object.freeze({
    mode: d.mode,
    ...(d.value !== undefined ? { value: d.value } : {}),
    ...(entries !== undefined
      ? { fixedDates: Array.isArray(entries) ? (Object.freeze(entries.map(copyEntry)) as readonly FixedDateDiscount[]) : d.fixedDates }
      : {}),
  });
}

function copyEntry(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null) return entry;
  const { date, value } = entry as FixedDateDiscount;
  return Object.freeze({ date, value });
}
