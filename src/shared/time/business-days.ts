import Holidays from 'date-holidays';

/**
 * Brazil's banking business days: Monday to Friday, except the national holidays
 * (docs/adr/0215-due-date-discount-modes-and-business-days.md). The holidays are `date-holidays`'s for
 * Brazil of type `public` (the national holidays) and `bank` (Carnival Monday and Tuesday, Corpus Christi:
 * no banking business day either); state and city holidays are not counted, as the payer may be anywhere.
 *
 * Each year's holidays are asked of the library once, the first time a date of that year is looked at
 * (about 2 ms), and kept: after that a question is a lookup and some arithmetic, never a walk over days.
 */
export class BusinessDays {
  /** Per year, the epoch days of its holidays that fall on a weekday, sorted. */
  private readonly years = new Map<number, readonly number[]>();

  /** `holidaysOf(year)`: that year's holidays as YYYY-MM-DD, in any order, weekends and repeats allowed. */
  constructor(private readonly holidaysOf: (year: number) => readonly string[]) {}

  /** Whether `date` (YYYY-MM-DD) is a business day. */
  isBusinessDay(date: string): boolean {
    const day = epochDay(date);
    return isWeekday(day) && !this.holidaysIn(yearOf(day)).includes(day);
  }

  /** `date` itself when it is a business day, else the first business day after it. */
  onOrAfter(date: string): string {
    let day = epochDay(date);
    while (!isWeekday(day) || this.holidaysIn(yearOf(day)).includes(day)) day += 1;
    return dateOf(day);
  }

  /** How many business days fall after `from` and on or before `to` (0 when `to` is not after `from`). */
  between(from: string, to: string): number {
    const a = epochDay(from);
    const b = epochDay(to);
    if (b <= a) return 0;
    let holidays = 0;
    for (let year = yearOf(a + 1); year <= yearOf(b); year++) {
      for (const day of this.holidaysIn(year)) if (day > a && day <= b) holidays += 1;
    }
    return weekdaysBefore(b + 1) - weekdaysBefore(a + 1) - holidays;
  }

  private holidaysIn(year: number): readonly number[] {
    let days = this.years.get(year);
    if (days === undefined) {
      days = [...new Set(this.holidaysOf(year).map(epochDay))].filter(isWeekday).sort((x, y) => x - y);
      this.years.set(year, days);
    }
    return days;
  }
}

let national: Holidays | undefined;

/** Brazil's national holidays of `year` as `date-holidays` 3.37.0 lists them: types `public` and `bank`. */
export function brazilNationalHolidays(year: number): string[] {
  national ??= new Holidays('BR', { types: ['public', 'bank'] });
  // `date` is "YYYY-MM-DD hh:mm:ss" in Brazil's own calendar, whatever the process's time zone.
  return national.getHolidays(year).map((holiday) => holiday.date.slice(0, 10));
}

/** The one business calendar of the service: Brazil's, national holidays included. */
export const BRAZIL_BUSINESS_DAYS = new BusinessDays(brazilNationalHolidays);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function epochDay(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** Epoch day 0, 1970-01-01, was a Thursday; 0 = Sunday. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

function isWeekday(day: number): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
}

/** Weekdays among the epoch days before `day` (from day 0; negative before it). */
function weekdaysBefore(day: number): number {
  const weeks = Math.floor(day / 7);
  // Weekdays among the first r days of a week starting on Thursday (Thu, Fri, Sat, Sun, Mon, Tue, Wed).
  const inPartialWeek = [0, 1, 2, 2, 2, 3, 4][day - weeks * 7]!;
  return weeks * 5 + inPartialWeek;
}
