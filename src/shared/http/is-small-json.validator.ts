import { registerDecorator, type ValidationOptions } from 'class-validator';

/** The value, written as JSON, is at most `maxChars` characters (free-form objects such as `metadata`). */
export function IsSmallJson(maxChars: number, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isSmallJson',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be at most ${maxChars} characters of JSON`, ...options },
      validator: { validate: (value: unknown) => value === undefined || JSON.stringify(value).length <= maxChars },
    });
}
