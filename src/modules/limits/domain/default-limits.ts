import type { PersonType } from '../../../shared/domain/tax-id.js';
import { Money } from '../../../shared/money/money.js';
import type { LimitPeriod, LimitType } from './limit-kinds.js';

export type CapTable = Record<LimitPeriod, Money>;
export type LimitTable = Record<LimitType, CapTable>;

const caps = (daytime: string, nighttime: string, daily: string, monthly: string): CapTable => ({
  daytime: Money.of(daytime),
  nighttime: Money.of(nighttime),
  daily: Money.of(daily),
  monthly: Money.of(monthly),
});

/**
 * Caps an account has until an administrator approves another value (the spec leaves the numbers
 * open). Natural persons: a low nighttime Pix cap as the Central Bank's security rules ask; pix_in
 * is generous because receiving is rarely what needs protecting. Legal persons get ten times each.
 * `ted` and `boleto` have caps but no payment flow counts against them yet.
 */
const NATURAL_PERSON_LIMITS: LimitTable = {
  pix_out: caps('5000.00', '1000.00', '6000.00', '50000.00'),
  pix_in: caps('1000000.00', '1000000.00', '1000000.00', '1000000.00'),
  ted: caps('20000.00', '1000.00', '20000.00', '200000.00'),
  boleto: caps('10000.00', '2000.00', '10000.00', '100000.00'),
};

const LEGAL_PERSON_FACTOR = '10';

function scaled(table: LimitTable, factor: string): LimitTable {
  const entries = Object.entries(table).map(([type, c]) => [
    type,
    Object.fromEntries(Object.entries(c).map(([period, m]) => [period, m.times(factor)])),
  ]);
  return Object.fromEntries(entries) as LimitTable;
}

export const DEFAULT_LIMITS: Readonly<Record<PersonType, LimitTable>> = {
  NATURAL_PERSON: NATURAL_PERSON_LIMITS,
  LEGAL_PERSON: scaled(NATURAL_PERSON_LIMITS, LEGAL_PERSON_FACTOR),
};

/**
 * Whose default caps: a person type, and for a legal person whether it is an individual
 * micro-entrepreneur (MEI). Resolução BCB nº 1/2020 as amended by nº 142/2021 gives a MEI the natural
 * person's nighttime Pix cap (docs/adr/0220-nighttime-start-and-mei.md): its `pix_out` nighttime default is
 * the natural person's; every other cap (and other types, which are not Pix) stays a legal person's.
 */
export interface CapHolder {
  personType: PersonType;
  mei?: boolean;
}

export function defaultCaps(holder: CapHolder, type: LimitType): CapTable {
  const base = DEFAULT_LIMITS[holder.personType][type];
  if (holder.mei && holder.personType === 'LEGAL_PERSON' && type === 'pix_out') {
    return { ...base, nighttime: NATURAL_PERSON_LIMITS.pix_out.nighttime };
  }
  return base;
}

/** Overrides an administrator approved for one account and type; a missing period keeps its default. */
export type CapOverrides = Partial<Record<LimitPeriod, Money>>;

export function effectiveCaps(holder: CapHolder, type: LimitType, overrides: CapOverrides = {}): CapTable {
  const base = defaultCaps(holder, type);
  return {
    daytime: overrides.daytime ?? base.daytime,
    nighttime: overrides.nighttime ?? base.nighttime,
    daily: overrides.daily ?? base.daily,
    monthly: overrides.monthly ?? base.monthly,
  };
}
