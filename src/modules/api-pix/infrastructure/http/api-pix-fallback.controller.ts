import { All, Controller, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../../../shared/auth/auth.decorators.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { ApiPixExceptionFilter } from './api-pix-exception.filter.js';

/**
 * Any other path under API Pix's base: 404 `NaoEncontrado` as a problem, not the client API's error body (the
 * router's own 404 is rendered by the global filter). Registered after the resources' controllers.
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter(null))
@Controller('api-pix/v2')
export class ApiPixFallbackController {
  @All('*path')
  @Public()
  notFound(): never {
    throw new DomainError('ROUTE_NOT_FOUND', 'Entidade não encontrada.');
  }
}
