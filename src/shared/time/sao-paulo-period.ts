import { DomainError } from '../errors/domain-error.js';
import { addDays, brazilDayStart } from './brazil-calendar.js';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (YYYY-MM-DD), counted on the calendar, not in hours. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * A run of São Paulo calendar days, both ends included (docs/adr/0222-periods-are-sao-paulo-days.md): it
 * starts at the first instant of `from` in São Paulo and ends at the first instant of the day after `to`,
 * each found in the time-zone database (no fixed offset). Statements and the balance history read the
 * ledger over these instants.
 */
export class SaoPauloPeriod {
  private constructor(
    readonly from: string,
    readonly to: string,
  ) {}

  /**
   * The period, or the refusal of it: `from` after `to` (INVALID_DATE_RANGE), more than `maxDays` days
   * (DATE_RANGE_TOO_LARGE), or a `to` after `today` (a day that has not begun has no balance yet).
   */
  static of(from: string, to: string, today: string, maxDays: number): SaoPauloPeriod {
    if (from > to) {
      throw new DomainError('INVALID_DATE_RANGE', 'date_from must not be after date_to', [{ field: 'date_from', issue: 'after date_to' }]);
    }
    if (daysBetween(from, to) + 1 > maxDays) {
      throw new DomainError('DATE_RANGE_TOO_LARGE', `The period may span at most ${maxDays} days`, [
        { field: 'date_to', issue: `more than ${maxDays} days from date_from, both included` },
      ]);
    }
    if (to > today) {
      throw new DomainError('VALIDATION_ERROR', 'date_to must not be after today (São Paulo)', [
        { field: 'date_to', issue: `after today, ${today} in São Paulo` },
      ]);
    }
    return new SaoPauloPeriod(from, to);
  }

  /** The first instant of the period. */
  get start(): Date {
    return brazilDayStart(this.from);
  }

  /** The first instant after the period: the start of the day after `to`. */
  get end(): Date {
    return brazilDayStart(addDays(this.to, 1));
  }

  /** Its days in order. */
  days(): string[] {
    const count = daysBetween(this.from, this.to) + 1;
    return Array.from({ length: count }, (_, i) => addDays(this.from, i));
  }

  /** The end of each of its days (the start of the next day), in order: where a day's closing balance is read. */
  dayEnds(): Date[] {
    return this.days().map((day) => brazilDayStart(addDays(day, 1)));
  }
}
