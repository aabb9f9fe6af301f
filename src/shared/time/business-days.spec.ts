import fc from 'fast-check';
import { BRAZIL_BUSINESS_DAYS, BusinessDays, brazilNationalHolidays } from './business-days.js';

const calendar = BRAZIL_BUSINESS_DAYS;
const DAY_MS = 86_400_000;
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('BusinessDays (Brazil, national holidays)', () => {
  // Each date below is a national holiday (type `public`) or a banking holiday (type `bank`: Carnival, Corpus
  // Christi) as date-holidays 3.37.0 lists them (docs/adr/0215-due-date-discount-modes-and-business-days.md).
  it.each([
    ['2026-02-16', 'Carnival Monday 2026'],
    ['2026-02-17', 'Carnival Tuesday 2026'],
    ['2026-04-03', 'Good Friday 2026'],
    ['2026-04-21', 'Tiradentes 2026 (a Tuesday)'],
    ['2026-06-04', 'Corpus Christi 2026'],
    ['2026-12-25', 'Christmas 2026 (a Friday)'],
    ['2027-02-08', 'Carnival Monday 2027'],
    ['2027-02-09', 'Carnival Tuesday 2027'],
    ['2027-03-26', 'Good Friday 2027'],
    ['2027-05-27', 'Corpus Christi 2027'],
    ['2026-03-07', 'a Saturday'],
    ['2026-03-08', 'a Sunday'],
  ])('%s is not a business day (%s)', (date) => {
    expect(calendar.isBusinessDay(date)).toBe(false);
  });

  it.each([
    ['2026-02-13', 'the Friday before Carnival'],
    ['2026-02-18', 'Ash Wednesday'],
    ['2026-04-02', 'the Thursday before Good Friday'],
    ['2026-06-05', 'the Friday after Corpus Christi'],
    ['2026-12-24', "Christmas Eve (a bank's optional day, not a holiday)"],
    ['2026-03-10', 'an ordinary Tuesday'],
  ])('%s is a business day (%s)', (date) => {
    expect(calendar.isBusinessDay(date)).toBe(true);
  });

  it.each([
    ['2026-02-14', '2026-02-18', 'Saturday before Carnival -> Ash Wednesday'],
    ['2026-04-03', '2026-04-06', 'Good Friday -> Monday'],
    ['2026-04-21', '2026-04-22', 'Tiradentes -> Wednesday'],
    ['2026-06-04', '2026-06-05', 'Corpus Christi -> Friday'],
    ['2026-12-25', '2026-12-28', 'Christmas (Friday) -> Monday'],
    ['2027-02-06', '2027-02-10', 'Saturday before Carnival 2027 -> Ash Wednesday'],
    ['2027-03-26', '2027-03-29', 'Good Friday 2027 -> Monday'],
    ['2027-05-27', '2027-05-28', 'Corpus Christi 2027 -> Friday'],
    ['2026-12-31', '2026-12-31', 'a business day stays'],
    ['2028-01-01', '2028-01-03', 'New Year 2028 (a Saturday) -> Monday'],
  ])('moves %s to %s (%s)', (date, next) => {
    expect(calendar.onOrAfter(date)).toBe(next);
  });

  it('moves a Saturday before New Year across the year end', () => {
    // 2022-12-31 is a Saturday, 2023-01-01 a Sunday and a holiday: the next business day is Monday 2 January.
    expect(calendar.onOrAfter('2022-12-31')).toBe('2023-01-02');
  });

  it.each([
    ['2026-02-13', '2026-02-20', 3, 'Carnival week: Wed 18, Thu 19, Fri 20'],
    ['2026-03-31', '2026-04-07', 4, 'Holy week: Wed 1, Thu 2, Mon 6, Tue 7'],
    ['2026-12-24', '2027-01-04', 5, 'year end: 28, 29, 30, 31 December and 4 January'],
    ['2026-03-10', '2026-03-10', 0, 'the same day'],
    ['2026-03-10', '2026-03-03', 0, 'backwards'],
  ])('counts business days after %s up to %s: %d (%s)', (from, to, count) => {
    expect(calendar.between(from, to)).toBe(count);
  });

  it('counts as walking day by day would (property)', () => {
    const day = fc.integer({ min: 0, max: 3 * 366 }).map((n) => plus('2025-11-01', n));
    fc.assert(
      fc.property(day, day, (from, to) => {
        let walked = 0;
        for (let d = plus(from, 1); d <= to; d = plus(d, 1)) if (calendar.isBusinessDay(d)) walked += 1;
        expect(calendar.between(from, to)).toBe(walked);
      }),
    );
  });

  it('asks the library once per year, and only the years it is asked about', () => {
    const asked: number[] = [];
    const counting = new BusinessDays((year) => {
      asked.push(year);
      return brazilNationalHolidays(year);
    });
    counting.isBusinessDay('2026-04-03');
    counting.onOrAfter('2026-12-25');
    counting.between('2026-01-10', '2026-11-30');
    expect(asked).toEqual([2026]);
  });

  it('lists public and bank holidays only: Carnival and Corpus Christi in, Easter Sunday and Christmas Eve out', () => {
    const holidays = brazilNationalHolidays(2026);
    expect(holidays).toEqual(expect.arrayContaining(['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04', '2026-12-25']));
    expect(holidays).not.toContain('2026-04-05');
    expect(holidays).not.toContain('2026-12-24');
  });
});
