import type { ValueTransformer } from 'typeorm';
import { Money } from '../money/money.js';

/** `numeric` columns come back from pg as strings; this keeps them decimal all the way. */
export const moneyTransformer: ValueTransformer = {
  to: (value: Money | null | undefined) => (value == null ? value : value.toFixed6()),
  from: (value: string | null) => (value == null ? null : Money.of(value)),
};
