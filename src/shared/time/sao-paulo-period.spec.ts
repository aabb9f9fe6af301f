import { SaoPauloPeriod } from './sao-paulo-period.js';

describe('SaoPauloPeriod', () => {
  it('runs from the first instant of date_from to the first instant after date_to, in São Paulo (UTC-03:00 since 2019)', () => {
    const p = SaoPauloPeriod.of('2026-03-01', '2026-03-10', '2026-03-10', 366);
    expect(p.start.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-03-11T03:00:00.000Z');
    expect(p.days()).toHaveLength(10);
    expect(p.dayEnds()[0]!.toISOString()).toBe('2026-03-02T03:00:00.000Z');
    expect(p.dayEnds().at(-1)!.toISOString()).toBe(p.end.toISOString());
  });

  it('asks the time-zone database, so a day under the old summer time starts at 02:00 UTC', () => {
    // 2018-12-01 was in horário de verão (UTC-02:00), which Brazil abolished in 2019.
    const p = SaoPauloPeriod.of('2018-12-01', '2018-12-01', '2026-03-10', 366);
    expect(p.start.toISOString()).toBe('2018-12-01T02:00:00.000Z');
    expect(p.end.toISOString()).toBe('2018-12-02T02:00:00.000Z');
  });

  it('crosses month and leap-year ends by the calendar', () => {
    const p = SaoPauloPeriod.of('2028-02-28', '2028-03-01', '2028-03-01', 366);
    expect(p.days()).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('takes one day, and at most maxDays days, both ends included', () => {
    expect(SaoPauloPeriod.of('2026-03-10', '2026-03-10', '2026-03-10', 366).days()).toEqual(['2026-03-10']);
    expect(SaoPauloPeriod.of('2025-03-11', '2026-03-11', '2026-03-11', 366).days()).toHaveLength(366);
    expect(() => SaoPauloPeriod.of('2025-03-09', '2026-03-10', '2026-03-10', 366)).toThrow(
      expect.objectContaining({ code: 'DATE_RANGE_TOO_LARGE' }) as Error,
    );
  });

  it('refuses date_from after date_to, and a date_to after today', () => {
    expect(() => SaoPauloPeriod.of('2026-03-10', '2026-03-09', '2026-03-10', 366)).toThrow(
      expect.objectContaining({ code: 'INVALID_DATE_RANGE' }) as Error,
    );
    expect(() => SaoPauloPeriod.of('2026-03-10', '2026-03-11', '2026-03-10', 366)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }) as Error,
    );
  });
});
