/** The money flows that carry limits (spec "Limits": account limit types). */
export const LIMIT_TYPES = ['pix_out', 'pix_in', 'ted', 'boleto'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** The four caps of each type; `daytime`/`nighttime` are periods of the day, the others calendar windows. */
export const LIMIT_PERIODS = ['daytime', 'nighttime', 'daily', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export type DayPeriod = 'daytime' | 'nighttime';
