import { isCalendarDate } from './is-calendar-date.validator.js';

describe('isCalendarDate', () => {
  it('accepts dates YYYY-MM-DD that exist', () => {
    for (const v of ['2026-03-10', '2028-02-29', '1970-01-01', '9999-12-31']) expect([v, isCalendarDate(v)]).toEqual([v, true]);
  });

  it('refuses days a month does not have, date-times, other shapes and years before 1970', () => {
    for (const v of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-03-10T00:00:00Z',
      '20260310',
      '2026-3-10',
      '',
      '1969-12-31',
      '0099-01-01',
      20260310,
      null,
    ]) {
      expect([v, isCalendarDate(v)]).toEqual([v, false]);
    }
  });
});
