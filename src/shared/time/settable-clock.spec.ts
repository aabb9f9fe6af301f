import { SettableClock } from './settable-clock.js';

describe('SettableClock', () => {
  const start = new Date('2026-03-10T15:00:00.000Z');

  it('starts at the instant it was given and never runs backwards', () => {
    const clock = new SettableClock(start);
    const a = clock.now().getTime();
    const b = clock.now().getTime();
    expect(a).toBeGreaterThanOrEqual(start.getTime());
    expect(a - start.getTime()).toBeLessThan(1000);
    expect(b).toBeGreaterThanOrEqual(a);
  });

  it('moves to another instant with set and jumps forward with advance', () => {
    const clock = new SettableClock(start);
    const night = new Date('2026-03-11T02:00:00.000Z');
    clock.set(night);
    expect(Math.abs(clock.now().getTime() - night.getTime())).toBeLessThan(1000);
    clock.advance(31 * 60_000);
    expect(clock.now().getTime() - night.getTime()).toBeGreaterThanOrEqual(31 * 60_000);
  });
});
