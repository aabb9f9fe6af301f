import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * A body field that may be left out. Unlike class-validator's `IsOptional`, `null` does not count as
 * left out: the OpenAPI document declares no field nullable, so `null` runs the field's validators and
 * is refused like any other wrong type (docs/adr/0035-null-is-not-a-value.md). Query parameters are
 * strings and keep `IsOptional`.
 */
export function Omittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}
