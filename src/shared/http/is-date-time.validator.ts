import { isRFC3339, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * An RFC 3339 date-time that names a real instant. The RFC 3339 syntax (class-validator's IsRFC3339) allows second
 * 60 and any day 01-31 of any month, but a JS Date holds no leap second (Invalid Date, then a 500 from the query)
 * and rolls 30 February over to March: both are refused (docs/adr/0038-date-filters-are-real-instants.md).
 */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string' || !isRFC3339(value)) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999 (0000-02-29 exists, 1900-02-29 does not).
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return calendar.getUTCDate() === day && !Number.isNaN(Date.parse(value));
}

/** Date and date-time filters of list endpoints: one rule for all (see isDateTime). */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) => isDateTime(value),
        defaultMessage: (args) => `${args?.property} must be an RFC 3339 date-time that exists (no second 60, no 30 February)`,
      },
    },
    options,
  );
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date, YYYY-MM-DD, that exists, from year 0001 (PostgreSQL's `date` has no year 0): no 30
 * February rolled over to March, as isDateTime.
 */
export function isCalendarDate(value: unknown): value is string {
  const m = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  return year >= 1 && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
}

/** Date filters of list endpoints (a due date): see isCalendarDate. */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) => isCalendarDate(value),
        defaultMessage: (args) => `${args?.property} must be a calendar date YYYY-MM-DD that exists (no 30 February)`,
      },
    },
    options,
  );
}
