import { IsString, Length, Matches } from 'class-validator';
import { IsPrintableText } from './is-printable-text.validator.js';

/**
 * A client's own id for a payment (`external_id`): printable text of 1 to 100 characters, not only
 * spaces. Unique per client and kind of payment (409 DUPLICATE_EXTERNAL_ID), which the database enforces.
 */
export function IsExternalId(): PropertyDecorator {
  return (target, key) => {
    IsString()(target, key);
    Length(1, 100)(target, key);
    IsPrintableText()(target, key);
    Matches(/\S/, { message: `${String(key)} must not be only spaces` })(target, key);
  };
}
