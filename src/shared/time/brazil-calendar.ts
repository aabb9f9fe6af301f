/**
 * Calendar days in America/Sao_Paulo, where Pix charges fall due (docs/conventions.md §4). The offset is
 * asked of the time-zone database, not hard-coded (Brazil has had no DST since 2019, but rules change).
 */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) that instant `at` falls on in São Paulo. */
export function brazilDate(at: Date): string {
  return dayFormatter.format(at);
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant of calendar day `date` in São Paulo. */
export function brazilDayStart(date: string): Date {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  // Midnight UTC of that date, moved by São Paulo's offset at that moment (found by formatting it there).
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone: BRAZIL_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(local.find((p) => p.type === type)!.value);
  const shownAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(utcMidnight + (utcMidnight - shownAsUtc));
}
