/**
 * Transaction types a fee rule is applied to today: inbound credits (`cash_in`, sandbox deposits and
 * on-us payments received). A rule for any other type would be stored and never charged, so it is
 * refused until the payment that would charge it decides who pays (docs/adr/0046-fees-on-inbound-credits-only.md).
 */
export const FEE_TYPES = ['cash_in'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export function isFeeType(type: string): type is FeeType {
  return (FEE_TYPES as readonly string[]).includes(type);
}
