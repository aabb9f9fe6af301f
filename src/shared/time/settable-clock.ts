import { Clock } from './clock.js';

/**
 * A clock for tests that starts at a chosen instant and then runs at real speed, so records made one
 * after another keep their order while the time of day stays where the test put it. `set` moves it to
 * another instant; `advance` jumps forward (an expiry, a new day) without waiting.
 */
export class SettableClock extends Clock {
  private offsetMs = 0;

  constructor(start?: Date) {
    super();
    if (start) this.set(start);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(instant: Date): void {
    this.offsetMs = instant.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
