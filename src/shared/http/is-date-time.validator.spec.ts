import { isCalendarDate, isDateTime } from './is-date-time.validator.js';

describe('isDateTime', () => {
  it('accepts RFC 3339 date-times that name a real instant', () => {
    for (const v of [
      '2026-03-10T23:59:59Z',
      '2026-03-10T23:59:59.999Z',
      '2026-03-10 12:00:00-03:00',
      '2026-03-10t12:00:00z',
      '2028-02-29T00:00:00Z',
      '0000-02-29T00:00:00Z',
      '9999-12-31T23:59:59-23:59',
    ]) {
      expect([v, isDateTime(v)]).toEqual([v, true]);
    }
  });

  it('refuses a leap second, a day the month does not have, and what is not RFC 3339', () => {
    for (const v of [
      '2026-03-10T23:59:60Z',
      '2026-03-10T23:59:60.000Z',
      '2026-12-31T23:59:60+00:00',
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-03-10',
      '2026-03-10T12:00:00',
      '1773154800000',
      '',
    ]) {
      expect([v, isDateTime(v)]).toEqual([v, false]);
    }
    expect(isDateTime(1773154800000)).toBe(false);
    expect(isDateTime(undefined)).toBe(false);
  });
});

describe('isCalendarDate', () => {
  it('accepts YYYY-MM-DD dates that exist', () => {
    for (const v of ['2026-03-10', '2028-02-29', '0001-01-01', '9999-12-31']) expect([v, isCalendarDate(v)]).toEqual([v, true]);
  });

  it('refuses a day the month does not have, year 0000 (PostgreSQL has none) and what is not YYYY-MM-DD', () => {
    for (const v of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '1900-02-29',
      '0000-01-01',
      '2026-3-10',
      '2026-03-10T00:00:00Z',
      ' 2026-03-10',
      '２026-03-10',
      '',
    ]) {
      expect([v, isCalendarDate(v)]).toEqual([v, false]);
    }
    expect(isCalendarDate(20260310)).toBe(false);
  });
});
