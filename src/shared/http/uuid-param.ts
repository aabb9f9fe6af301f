import { Param, ParseUUIDPipe } from '@nestjs/common';
import type { ErrorCode } from '../errors/error-catalog.js';
import { NotFoundError } from '../errors/domain-error.js';

/**
 * A path id that must be a UUID. A malformed id names nothing, so it gets the same 404 as an unknown
 * one (`<what> not found`, with the resource's own code) rather than a 400 that tells ids apart.
 */
export function UuidParam(name: string, what: string, notFound: ErrorCode): ParameterDecorator {
  return Param(name, new ParseUUIDPipe({ exceptionFactory: () => new NotFoundError(what, notFound) }));
}
