import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Control characters (C0 with tab and newline, DEL, C1) and lone surrogate halves. Format characters
 * such as the zero-width joiner stay allowed: emoji and some scripts need them.
 */
const NOT_PRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** True for a string with no control character and no lone surrogate (docs/adr/0036-free-text-is-printable-text.md). */
export function isPrintableText(value: unknown): value is string {
  return typeof value === 'string' && !NOT_PRINTABLE.test(value);
}

/** Free text people read (descriptions, names, reasons, external ids): printable characters only. */
export function IsPrintableText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPrintableText',
      validator: {
        validate: (value: unknown) => isPrintableText(value),
        defaultMessage: (args) => `${args?.property} must be printable text (no control characters)`,
      },
    },
    options,
  );
}
