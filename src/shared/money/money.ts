import Big from 'big.js';

/** Request amounts: up to 13 integer digits, up to 2 decimals, no sign or exponent (docs/conventions.md §4). */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

/** Percentages (fees, interest, fines, discounts): up to 3 integer digits and 4 decimals, no sign. */
export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

/** An amount of BRL. Immutable, decimal (big.js) inside, never a JavaScript number. */
export class Money {
  private constructor(private readonly value: Big) {}

  /** Parses a trusted decimal (from the database or internal arithmetic). Throws on garbage. */
  static of(value: string | Big | Money): Money {
    if (value instanceof Money) return value;
    return new Money(new Big(value));
  }

  static zero(): Money {
    return new Money(new Big(0));
  }

  /** True when `raw` is a well-formed, positive request amount. */
  static isValidAmount(raw: unknown): raw is string {
    return typeof raw === 'string' && AMOUNT_PATTERN.test(raw) && new Big(raw).gt(0);
  }

  plus(other: Money): Money {
    return new Money(this.value.plus(other.value));
  }

  minus(other: Money): Money {
    return new Money(this.value.minus(other.value));
  }

  /** Multiplies by a decimal factor and rounds half-up to cents. */
  times(factor: string | Big): Money {
    return new Money(this.value.times(factor).round(2, Big.roundHalfUp));
  }

  /** Rounds half-up to cents. */
  roundToCents(): Money {
    return new Money(this.value.round(2, Big.roundHalfUp));
  }

  negated(): Money {
    return new Money(this.value.times(-1));
  }

  isZero(): boolean {
    return this.value.eq(0);
  }

  isNegative(): boolean {
    return this.value.lt(0);
  }

  isPositive(): boolean {
    return this.value.gt(0);
  }

  eq(other: Money): boolean {
    return this.value.eq(other.value);
  }

  gt(other: Money): boolean {
    return this.value.gt(other.value);
  }

  gte(other: Money): boolean {
    return this.value.gte(other.value);
  }

  lt(other: Money): boolean {
    return this.value.lt(other.value);
  }

  lte(other: Money): boolean {
    return this.value.lte(other.value);
  }

  static min(a: Money, b: Money): Money {
    return a.lte(b) ? a : b;
  }

  static max(a: Money, b: Money): Money {
    return a.gte(b) ? a : b;
  }

  /** The hundredths digits, e.g. "91" for 10.91 (used by the sandbox's magic cents). */
  cents(): string {
    return this.toFixed2().slice(-2);
  }

  /** Two decimals, e.g. "150.00": the API's amount format. */
  toFixed2(): string {
    return this.value.toFixed(2, Big.roundHalfUp);
  }

  /** Six decimals, e.g. "150.000000": the ledger's format. */
  toFixed6(): string {
    return this.value.toFixed(6, Big.roundHalfUp);
  }

  toString(): string {
    return this.toFixed2();
  }

  toJSON(): string {
    return this.toFixed2();
  }
}
