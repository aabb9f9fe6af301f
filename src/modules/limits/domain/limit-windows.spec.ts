import { limitWindows, type TimeWindow } from './limit-windows.js';

const iso = (w: TimeWindow) => [w.from.toISOString(), w.to.toISOString()];
const at = (s: string) => limitWindows(new Date(s));

// São Paulo is UTC-03:00 since 2019: local 06:00 = 09:00Z, 20:00 = 23:00Z, midnight = 03:00Z.
describe('limitWindows (America/Sao_Paulo)', () => {
  it('starts the daytime window at 06:00 local sharp', () => {
    const w = at('2025-03-10T09:00:00.000Z');
    expect(w.isDaytime).toBe(true);
    expect(w.current).toBe('daytime');
    expect(iso(w.period)).toEqual(['2025-03-10T09:00:00.000Z', '2025-03-10T23:00:00.000Z']);
    expect(iso(w.daytime)).toEqual(iso(w.period));
    expect(iso(w.nighttime)).toEqual(['2025-03-10T23:00:00.000Z', '2025-03-11T09:00:00.000Z']);
  });

  it('is still night one millisecond before 06:00, in the night that began the evening before', () => {
    const w = at('2025-03-10T08:59:59.999Z');
    expect(w.current).toBe('nighttime');
    expect(iso(w.period)).toEqual(['2025-03-09T23:00:00.000Z', '2025-03-10T09:00:00.000Z']);
    expect(iso(w.daytime)).toEqual(['2025-03-10T09:00:00.000Z', '2025-03-10T23:00:00.000Z']);
    expect(iso(w.day)).toEqual(['2025-03-10T03:00:00.000Z', '2025-03-11T03:00:00.000Z']);
  });

  it('switches to nighttime at 20:00 local and not a millisecond earlier', () => {
    expect(at('2025-03-10T22:59:59.999Z').current).toBe('daytime');
    const w = at('2025-03-10T23:00:00.000Z');
    expect(w.current).toBe('nighttime');
    expect(iso(w.period)).toEqual(['2025-03-10T23:00:00.000Z', '2025-03-11T09:00:00.000Z']);
    expect(iso(w.daytime)).toEqual(['2025-03-11T09:00:00.000Z', '2025-03-11T23:00:00.000Z']);
  });

  it('keeps one night across local midnight while the day window rolls over', () => {
    const before = at('2025-03-11T02:59:59.999Z');
    const after = at('2025-03-11T03:00:00.000Z');
    expect(iso(before.period)).toEqual(iso(after.period));
    expect(iso(before.day)).toEqual(['2025-03-10T03:00:00.000Z', '2025-03-11T03:00:00.000Z']);
    expect(iso(after.day)).toEqual(['2025-03-11T03:00:00.000Z', '2025-03-12T03:00:00.000Z']);
  });

  it('rolls the month at local midnight of the first, not at UTC midnight', () => {
    const jan = at('2025-02-01T02:59:59.999Z');
    expect(iso(jan.month)).toEqual(['2025-01-01T03:00:00.000Z', '2025-02-01T03:00:00.000Z']);
    expect(iso(jan.nighttime)).toEqual(['2025-01-31T23:00:00.000Z', '2025-02-01T09:00:00.000Z']);
    const feb = at('2025-02-01T03:00:00.000Z');
    expect(iso(feb.month)).toEqual(['2025-02-01T03:00:00.000Z', '2025-03-01T03:00:00.000Z']);
    expect(iso(at('2024-02-29T12:00:00.000Z').month)).toEqual(['2024-02-01T03:00:00.000Z', '2024-03-01T03:00:00.000Z']);
  });

  it('crosses the year end', () => {
    const w = at('2025-12-31T23:30:00.000Z');
    expect(w.current).toBe('nighttime');
    expect(iso(w.period)).toEqual(['2025-12-31T23:00:00.000Z', '2026-01-01T09:00:00.000Z']);
    expect(iso(w.day)).toEqual(['2025-12-31T03:00:00.000Z', '2026-01-01T03:00:00.000Z']);
    expect(iso(w.month)).toEqual(['2025-12-01T03:00:00.000Z', '2026-01-01T03:00:00.000Z']);
  });

  it('follows the time-zone database, not a fixed offset (São Paulo was UTC-02:00 in January 2019)', () => {
    const w = at('2019-01-15T12:00:00.000Z');
    expect(iso(w.period)).toEqual(['2019-01-15T08:00:00.000Z', '2019-01-15T22:00:00.000Z']);
  });

  it('always contains the instant in its current period, day and month windows', () => {
    for (let h = 0; h < 48; h += 0.75) {
      const t = new Date(Date.UTC(2025, 5, 30, 0) + h * 3_600_000);
      const w = limitWindows(t);
      for (const win of [w.period, w.day, w.month]) {
        expect(win.from.getTime()).toBeLessThanOrEqual(t.getTime());
        expect(win.to.getTime()).toBeGreaterThan(t.getTime());
      }
    }
  });
});

// Resolução BCB nº 142/2021: the user may choose the nighttime to start at 22:00 (docs/adr/0220-nighttime-start-and-mei.md)
describe('limitWindows for a nighttime starting at 22:00', () => {
  const sp = (iso: string) => new Date(`${iso}-03:00`);

  it('21:59:59.999 is daytime 06:00-22:00; 22:00 opens the night until 06:00; 20:00 stays day', () => {
    expect(limitWindows(sp('2026-03-12T21:59:59.999'), '22:00')).toMatchObject({
      current: 'daytime',
      period: { from: sp('2026-03-12T06:00:00'), to: sp('2026-03-12T22:00:00') },
    });
    expect(limitWindows(sp('2026-03-12T20:00:00'), '22:00').current).toBe('daytime');
    expect(limitWindows(sp('2026-03-12T20:00:00'), '20:00').current).toBe('nighttime');
    expect(limitWindows(sp('2026-03-12T22:00:00'), '22:00')).toMatchObject({
      current: 'nighttime',
      period: { from: sp('2026-03-12T22:00:00'), to: sp('2026-03-13T06:00:00') },
    });
    expect(limitWindows(sp('2026-03-13T05:59:59.999'), '22:00').period.from).toEqual(sp('2026-03-12T22:00:00'));
  });
});
