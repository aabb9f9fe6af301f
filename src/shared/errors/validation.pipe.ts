import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance, type ClassTransformOptions } from 'class-transformer';
import { DomainError, ErrorDetail } from './domain-error.js';

function flatten(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((issue) => ({ field, issue }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const TRANSFORM_OPTIONS: ClassTransformOptions = { enableImplicitConversion: false };

/** Bodies this pipe's rules already validated and turned into their DTO (see `passValidatedBody`). */
const validatedBodies = new WeakSet<object>();

/**
 * Marks `dto`, the output of a pipe from `createValidationPipe()` for a body, as validated: the pipe then
 * hands it on as it is, not validating it twice. For the idempotency interceptor, which validates a body
 * before its transaction opens (interceptors run before pipes).
 */
export function passValidatedBody<T>(dto: T): T {
  if (typeof dto === 'object' && dto !== null) validatedBodies.add(dto);
  return dto;
}

/**
 * Nest's ValidationPipe, minus the validation of an empty query string, which most reads send (e.g. GET
 * /pix/balance) and which always gives the same answer for the same DTO class: an empty object either
 * passes the class's rules or fails them. The first empty query of each class is validated as usual and
 * its outcome remembered; after a pass, the later ones get the same fresh instance the pipe would have
 * built (`plainToInstance` of `{}`), without running class-validator. After a failure (a required query
 * field), every empty query takes the usual path, so the 400 stays exactly what it was.
 */
export class EmptyQueryAwareValidationPipe extends ValidationPipe {
  /** Per DTO class: whether `{}` passed validation. */
  private readonly emptyQueryPasses = new Map<Type<unknown>, boolean>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype;
    if (metadata.type === 'body' && metatype && value instanceof metatype && validatedBodies.has(value)) return value;
    if (!metatype || metadata.type !== 'query' || metadata.data !== undefined || !isEmptyObject(value) || !this.toValidate(metadata)) {
      return super.transform(value, metadata);
    }
    const passes = this.emptyQueryPasses.get(metatype);
    if (passes === true) return plainToInstance(metatype, {}, this.transformOptions);
    if (passes === false) return super.transform(value, metadata);
    try {
      const result = await super.transform(value, metadata);
      this.emptyQueryPasses.set(metatype, true);
      return result;
    } catch (err) {
      this.emptyQueryPasses.set(metatype, false);
      throw err;
    }
  }
}

/** A plain object (Express's query objects may have no prototype) with no own keys. */
function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Reflect.ownKeys(value).length === 0;
}

/** Whitelisting validation whose failures render as VALIDATION_ERROR with one detail per problem. */
export function createValidationPipe(): ValidationPipe {
  return new EmptyQueryAwareValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: TRANSFORM_OPTIONS,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const message = details.length > 0 ? details.map((d) => d.issue).join('; ') : 'invalid request';
      return new DomainError('VALIDATION_ERROR', message, details);
    },
  });
}
