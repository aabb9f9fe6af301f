import { isDateTime } from './is-date-time.validator.js';

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
