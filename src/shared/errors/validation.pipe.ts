import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, ErrorDetail } from './domain-error.js';

function flatten(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((issue) => ({ field, issue }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Whitelisting validation whose failures render as VALIDATION_ERROR with one detail per problem. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const message = details.length > 0 ? details.map((d) => d.issue).join('; ') : 'invalid request';
      return new DomainError('VALIDATION_ERROR', message, details);
    },
  });
}
