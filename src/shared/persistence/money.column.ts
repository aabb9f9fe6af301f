import { Column } from 'typeorm';
import { moneyTransformer } from './money.transformer.js';

export interface MoneyColumnOptions {
  /** The column's name when it differs from the property's. */
  name?: string;
  nullable?: boolean;
  /** Decimals kept: 6 for balances and movements (the ledger's precision), 2 where the value is whole cents by rule. */
  scale?: 2 | 6;
}

/**
 * The one definition of a money column: PostgreSQL `numeric(20, scale)`, read and written as `Money`
 * (big.js) through `moneyTransformer`, so an amount never passes through a JavaScript number.
 */
export function MoneyColumn(options: MoneyColumnOptions = {}): PropertyDecorator {
  return Column({
    type: 'numeric',
    precision: 20,
    scale: options.scale ?? 6,
    transformer: moneyTransformer,
    ...(options.name ? { name: options.name } : {}),
    ...(options.nullable ? { nullable: true } : {}),
  });
}
