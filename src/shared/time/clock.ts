/**
 * Port for the current instant. Domain and application code read time only through it, so a test can
 * fix the time of day (daytime or nighttime limits, expiries) and no outcome depends on the wall clock
 * or on the process's time zone. Infrastructure that only measures durations (caches, timeouts) may use
 * the system's monotonic time directly.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** Production clock: the system's time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
