/**
 * Limit windows are local to Brazil (docs/conventions.md §4): daytime 06:00-20:00 and nighttime 20:00-06:00
 * in America/Sao_Paulo by default, or 06:00-22:00 and 22:00-06:00 for an account whose user chose the
 * nighttime to start at 22:00 (docs/adr/0220-nighttime-start-and-mei.md), the calendar day and the calendar month there. Brazil has had no DST since
 * 2019 (UTC-03:00 all year), but the offset is asked of the time-zone database rather than
 * hard-coded, so a future change of the rules only needs a tzdata update.
 */
import type { DayPeriod } from './limit-kinds.js';

export const LIMITS_TIME_ZONE = 'America/Sao_Paulo';
export const DAYTIME_START_HOUR = 6;
export const NIGHTTIME_START_HOUR = 20;

/** When the nighttime starts: 20:00 unless the user chose 22:00 (Resolução BCB nº 142/2021). */
export const NIGHTTIME_STARTS = ['20:00', '22:00'] as const;
export type NighttimeStart = (typeof NIGHTTIME_STARTS)[number];
export const DEFAULT_NIGHTTIME_START: NighttimeStart = '20:00';
export const nighttimeStartHour = (start: NighttimeStart): number => (start === '22:00' ? 22 : NIGHTTIME_START_HOUR);
/** The day periods as the API writes them, for a nighttime start. */
export const periodsOf = (start: NighttimeStart): { daytime: string; nighttime: string } => ({
  daytime: `06:00-${start}`,
  nighttime: `${start}-06:00`,
});

/** A half-open interval [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface LimitWindows {
  isDaytime: boolean;
  current: DayPeriod;
  /** The window of the period `at` falls in. */
  period: TimeWindow;
  /** For each day period: its window containing `at`, or else its next one (which has no usage yet). */
  daytime: TimeWindow;
  nighttime: TimeWindow;
  day: TimeWindow;
  month: TimeWindow;
}

interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LIMITS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function partsOf(at: Date): LocalParts & { minute: number; second: number } {
  const p = Object.fromEntries(formatter.formatToParts(at).map((x) => [x.type, x.value]));
  const num = (type: Intl.DateTimeFormatPartTypes): number => {
    const value = p[type];
    if (value === undefined) throw new Error(`Intl.DateTimeFormat gave no ${type} for ${at.toISOString()}`);
    return +value;
  };
  return { year: num('year'), month: num('month'), day: num('day'), hour: num('hour'), minute: num('minute'), second: num('second') };
}

/** Offset of local time from UTC at `at`, in ms (negative west of Greenwich). */
function offsetMs(at: Date): number {
  const p = partsOf(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant at which the local wall clock shows year-month-day hour:00 (Date.UTC normalises overflow). */
function localToInstant(year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const guess = wall - offsetMs(new Date(wall));
  // A second pass settles the offset if the first guess crossed an offset change.
  return new Date(wall - offsetMs(new Date(guess)));
}

const within = (w: TimeWindow, at: Date): boolean => w.from <= at && at < w.to;

/** The last windows computed per nighttime start: every payment asks, and they change only a few times a day. */
const last = new Map<NighttimeStart, LimitWindows>();

/**
 * The windows `at` falls in for an account whose nighttime starts at `start`. They are a function of the
 * period, day and month that contain `at` alone, so the last answer is given again while `at` is still
 * inside all three (frozen: callers share it).
 */
export function limitWindows(at: Date, start: NighttimeStart = DEFAULT_NIGHTTIME_START): LimitWindows {
  const cached = last.get(start);
  if (cached && within(cached.period, at) && within(cached.day, at) && within(cached.month, at)) return cached;
  const fresh = deepFreeze(computeWindows(at, nighttimeStartHour(start)));
  last.set(start, fresh);
  return fresh;
}

function deepFreeze(w: LimitWindows): LimitWindows {
  for (const window of [w.period, w.daytime, w.nighttime, w.day, w.month]) Object.freeze(window);
  return Object.freeze(w);
}

function computeWindows(at: Date, nightHour: number): LimitWindows {
  const { year, month, day, hour } = partsOf(at);
  const local = (d: number, h: number) => localToInstant(year, month, d, h);
  const isDaytime = hour >= DAYTIME_START_HOUR && hour < nightHour;

  let daytime: TimeWindow;
  let nighttime: TimeWindow;
  if (isDaytime) {
    daytime = { from: local(day, DAYTIME_START_HOUR), to: local(day, nightHour) };
    nighttime = { from: local(day, nightHour), to: local(day + 1, DAYTIME_START_HOUR) };
  } else {
    // The night spans midnight: before 06:00 it began the evening before.
    const startDay = hour < DAYTIME_START_HOUR ? day - 1 : day;
    nighttime = { from: local(startDay, nightHour), to: local(startDay + 1, DAYTIME_START_HOUR) };
    daytime = { from: nighttime.to, to: local(startDay + 1, nightHour) };
  }

  return {
    isDaytime,
    current: isDaytime ? 'daytime' : 'nighttime',
    period: isDaytime ? daytime : nighttime,
    daytime,
    nighttime,
    day: { from: local(day, 0), to: local(day + 1, 0) },
    month: { from: localToInstant(year, month, 1, 0), to: localToInstant(year, month + 1, 1, 0) },
  };
}
