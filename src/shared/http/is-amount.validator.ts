import { ValidateBy, type ValidationOptions } from 'class-validator';
import { Money } from '../money/money.js';

/** A BRL amount string per docs/conventions.md §4: `^\d{1,13}(\.\d{1,2})?$`, greater than zero. */
export function IsAmount(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAmount',
      validator: {
        validate: (value: unknown) => Money.isValidAmount(value),
        defaultMessage: (args) => `${args?.property} must be a decimal string greater than zero with at most 2 decimals, e.g. "150.00"`,
      },
    },
    options,
  );
}
